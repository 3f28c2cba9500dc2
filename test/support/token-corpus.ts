/**
 * Texts that stress a tokenizer: scripts, emoji sequences, code, whitespace runs, invalid
 * UTF-16 and special-token look-alikes. Used by the token tests and by bench/tokens.ts.
 * @module
 */

/** One corpus text with a short label for test names and tables. */
export interface CorpusText {
  label: string;
  text: string;
  /**
   * A pathological input for BPE (one very long pre-token: tiktoken's merge is quadratic in
   * its length). Kept for exactness, left out of the benchmark's mixed text.
   */
  stress?: boolean;
}

/** The corpus. Every entry is distinct; labels are unique. */
export const TOKEN_CORPUS: readonly CorpusText[] = [
  { label: 'empty', text: '' },
  { label: 'one space', text: ' ' },
  { label: 'english', text: "The quick brown fox jumps over the lazy dog. It's 3:45pm, isn't it?" },
  { label: 'contractions upper', text: "I'M SURE YOU'LL SEE THEY'VE GONE. We'd've known." },
  { label: 'numbers', text: 'Pi is 3.14159265358979, e is 2.718281828; 1,000,000 and 0x1F and 12345678901234567890' },
  { label: 'emoji simple', text: 'Great job! 😀🎉👍 See you 🌍🚀' },
  { label: 'emoji zwj family', text: 'Family: 👨‍👩‍👧‍👦 couple: 👩‍❤️‍💋‍👨 rainbow flag: 🏳️‍🌈 pirate: 🏴‍☠️' },
  { label: 'emoji skin tones', text: 'Waves: 👋🏻👋🏼👋🏽👋🏾👋🏿 and 🧑🏽‍💻 at work, 🤝🏿' },
  { label: 'emoji flags keycaps', text: 'Flags 🇫🇷🇯🇵🇧🇷🇺🇸 keycaps 1️⃣2️⃣#️⃣ and ©️®️™️' },
  { label: 'chinese', text: '我们今天去公园散步，天气非常好。机器学习是人工智能的一个分支。' },
  { label: 'japanese', text: 'お誕生日おめでとうございます！東京タワーはとても高いです。カタカナ、ひらがな、漢字。' },
  { label: 'korean', text: '안녕하세요. 오늘 날씨가 정말 좋네요. 한국어 토큰화 테스트입니다.' },
  { label: 'arabic rtl', text: 'مرحبا بكم في عالم الذكاء الاصطناعي. كيف حالك اليوم؟ ١٢٣٤٥' },
  { label: 'hebrew rtl', text: 'שלום עולם! זהו מבחן של טקסט מימין לשמאל עם ניקוד: בְּרֵאשִׁית' },
  { label: 'mixed bidi', text: 'Order #4521 → العميل: أحمد (ID ١٢٣) — status: שולם ✔' },
  { label: 'devanagari thai', text: 'नमस्ते दुनिया। यह एक परीक्षण है। สวัสดีครับ ภาษาไทยไม่มีช่องว่าง' },
  { label: 'cyrillic greek', text: 'Привет, мир! Съешь же ещё этих мягких французских булок. Γειά σου Κόσμε αβγδ' },
  {
    label: 'combining marks',
    text: 'e\u0301 a\u0300 n\u0303 Zalgo: Z\u0351\u0357\u036b\u0346a\u0352\u0357l\u0346\u036bg\u0350o\u0357',
  },
  {
    label: 'code typescript',
    text: 'export async function load<T>(url: string): Promise<T> {\n\tconst res = await fetch(url);\n\tif (!res.ok) throw new Error(`HTTP ${res.status}`);\n\treturn (await res.json()) as T;\n}\n',
  },
  {
    label: 'code python',
    text: 'def fib(n: int) -> int:\n    """Return the n-th Fibonacci number."""\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a\n',
  },
  {
    label: 'json',
    text: '{"id":"call_9f8e7d","type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"São Paulo\\",\\"unit\\":\\"celsius\\"}"},"tags":[1,2.5,null,true,false],"nested":{"a":{"b":{"c":[]}}}}',
  },
  {
    label: 'url email',
    text: 'See https://example.com/path/to/page?query=1&lang=en#section or mail jane.doe+tag@example.co.uk',
  },
  {
    label: 'markdown',
    text: '# Title\n\n- **bold** and _italic_\n- `code` and [link](http://x.y)\n\n> quote\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
  },
  { label: 'spaces run', text: `start${' '.repeat(257)}end` },
  { label: 'tabs newlines run', text: `a\t\t\t\t\tb\n\n\n\n\n\n\nc\r\n\r\n\r\nd${'\n'.repeat(64)}e` },
  { label: 'trailing whitespace', text: 'line with trailing spaces   \n   \n\t \n' },
  { label: 'mixed whitespace only', text: ' \t\n \u00a0\u2003\u3000\u200b ' },
  { label: 'lone high surrogate', text: 'before \uD83D after' },
  { label: 'lone low surrogate', text: 'x\uDE00y\uDC00' },
  { label: 'reversed surrogates', text: '\uDE00\uD83D end' },
  { label: 'nul and controls', text: 'a\u0000b\u0000\u0000c\u0001\u0007\u001b[31mred\u001b[0m\u007f' },
  { label: 'endoftext literal', text: 'Document ends here<|endoftext|>and another starts' },
  {
    label: 'special literals',
    text: '<|endoftext|><|fim_prefix|><|fim_middle|><|fim_suffix|><|endofprompt|><|im_start|>user',
  },
  { label: 'repeated char', text: 'a'.repeat(1000), stress: true },
  { label: 'repeated digits', text: '9'.repeat(301) },
  {
    label: 'long word',
    text: 'Pneumonoultramicroscopicsilicovolcanoconiosis Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch',
  },
  {
    label: 'punctuation soup',
    text: '!!!???...---___***&&&%%%$$$###@@@^^^~~~```|||\\\\///<<<>>>[[[]]]{{{}}}',
    stress: true,
  },
  { label: 'private use bmp edge', text: '\uE000\uF8FF\uFFFD\uFEFF\uFFFF \u{10FFFF} \u{1F9FF}' },
];

/** A small seeded PRNG (mulberry32): the benchmark text is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * About `bytes` UTF-8 bytes of mixed chat-like text: numbered paragraphs of word runs drawn
 * at random (seeded) from the corpus's non-stress texts, with ids and numbers mixed in, so
 * the text repeats like natural text does rather than verbatim.
 */
export function mixedText(bytes: number, seed = 1): string {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const sources = TOKEN_CORPUS.filter((c) => !c.stress && c.text.trim() !== '').map((c) => c.text.split(/(?<=\s)/));
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const words = pick(sources);
    const start = Math.floor(next() * words.length);
    const run = words.slice(start, start + 4 + Math.floor(next() * 40)).join('');
    const extra = next() < 0.3 ? ` #${Math.floor(next() * 1e6)} id_${Math.floor(next() * 2 ** 32).toString(36)}` : '';
    const part = `${i % 5 === 0 ? '\n\n' : ' '}${run}${extra}`;
    parts.push(part);
    size += encoder.encode(part).length;
  }
  return parts.join('');
}

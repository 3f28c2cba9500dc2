/**
 * A corpus of unbroken runs for token counts: every Unicode general category (a few code points
 * each, from the Basic Multilingual Plane and beyond, recent scripts included), scripts that
 * combine (CJK, Devanagari, Hangul, emoji with ZWJ and variation selectors, combining marks), and
 * every pair of ASCII punctuation and white-space characters, each repeated to lengths from one
 * character to thousands. Pure data: the Node tests and the Chromium tests share it.
 * @module
 */

/**
 * Code points of each general category (Unicode 16.0; `tokens-unbroken-runs.test.ts` checks each
 * against the Unicode data), `Cs` (lone surrogates) and `Cn` (unassigned in 16.0, some assigned in
 * 17.0, which JavaScript engines may already know).
 */
export const CATEGORY_SAMPLES: Readonly<Record<string, readonly number[]>> = {
  Lu: [0x41, 0xc0, 0x3a9, 0x414, 0x10a0, 0x1c89, 0x1d400, 0x1e900],
  Ll: [0x61, 0xdf, 0x3c9, 0x434, 0xa794, 0x1c8a, 0x1d41a, 0x1e922],
  Lt: [0x1c5, 0x1c8, 0x1f88, 0x1ffc],
  Lm: [0x2b0, 0x2c6, 0x30fc, 0xa717, 0x16b40, 0x1e030],
  Lo: [0xaa, 0x5d0, 0x627, 0x915, 0x4e2d, 0xac00, 0x3042, 0xe01, 0x10330, 0x16d43, 0x20000],
  Mn: [0x301, 0x902, 0xe38, 0x3099, 0xfe0f, 0x1d167, 0xe0100],
  Mc: [0x903, 0xbbe, 0x11000, 0x1d165],
  Me: [0x488, 0x20dd, 0x20de, 0xa670],
  Nd: [0x30, 0x663, 0x969, 0xff10, 0x11066, 0x1d7ce, 0x10d40],
  Nl: [0x16ee, 0x216b, 0x3007, 0x10140, 0x12400],
  No: [0xb2, 0xbd, 0xbf0, 0x2460, 0x10107, 0x1f100],
  Pc: [0x5f, 0x203f, 0xfe33, 0xff3f],
  Pd: [0x2d, 0x2013, 0x2014, 0x301c, 0x10ead],
  Ps: [0x28, 0x5b, 0x7b, 0x2045, 0x300c],
  Pe: [0x29, 0x5d, 0x7d, 0x2046, 0x300d],
  Pi: [0xab, 0x2018, 0x201c, 0x2039],
  Pf: [0xbb, 0x2019, 0x201d, 0x203a],
  Po: [0x21, 0x22, 0x27, 0x2e, 0x2f, 0xa1, 0xb7, 0x60c, 0x964, 0x3001, 0x3002, 0x11047],
  Sm: [0x2b, 0x3d, 0x7c, 0xb1, 0xd7, 0x2211, 0x221e, 0x1d6c1],
  Sc: [0x24, 0xa2, 0xa3, 0x20ac, 0x20b9, 0x20bf, 0x1ecb0],
  Sk: [0x5e, 0x60, 0xa8, 0xaf, 0x2c2, 0x1f3fb],
  So: [0xa9, 0xb0, 0x2195, 0x25a0, 0x2600, 0x2713, 0x1f000, 0x1f1eb, 0x1f389, 0x1f44d, 0x1f600],
  Zs: [0x20, 0xa0, 0x1680, 0x2000, 0x2009, 0x202f, 0x205f, 0x3000],
  Zl: [0x2028],
  Zp: [0x2029],
  Cc: [0x0, 0x9, 0xa, 0xb, 0xc, 0xd, 0x1b, 0x7f, 0x85, 0x9f],
  Cf: [0xad, 0x600, 0x200c, 0x200d, 0x200e, 0xfeff, 0x1bca0, 0xe0001],
  Co: [0xe000, 0xf8ff, 0xf0000, 0x10fffd],
  Cs: [0xd800, 0xdbff, 0xdc00, 0xdfff],
  Cn: [0x378, 0x1c8b, 0x2fffe, 0x11de0, 0x16ea0, 0xe0080],
};

/** Text runs that are more than one code point repeated: whole scripts and sequences. */
export const SCRIPT_SAMPLES: Readonly<Record<string, string>> = {
  cjk: '我们今天去公园散步天气非常好机器学习是人工智能的一个分支',
  japanese: 'お誕生日おめでとうございます東京タワーはとても高いですカタカナひらがな漢字',
  devanagari: 'नमस्तेदुनियायहएकपरीक्षणहैक्षत्रियज्ञानश्रीमान्',
  hangul: '안녕하세요오늘날씨가정말좋네요한국어토큰화테스트',
  thai: 'สวัสดีครับภาษาไทยไม่มีช่องว่าง',
  arabic: 'مرحبابكمفيعالمالذكاءالاصطناعي',
  'emoji zwj': '👨‍👩‍👧‍👦👩‍❤️‍💋‍👨🏳️‍🌈🏴‍☠️🧑🏽‍💻',
  'emoji variation selectors': '❤️✌️☀️✔️©️®️™️1️⃣#️⃣',
  'emoji skin tones': '👋🏻👋🏼👋🏽👋🏾👋🏿🤝🏿',
  'combining marks': 'e\u0301a\u0300n\u0303Z\u0351\u0357\u036ba\u0352\u0357l\u0346\u036bg\u0350o\u0357',
  'mixed case': 'aB',
  'mixed case words': 'camelCaseWORDSmixedUPlow',
  'letters and marks alternating': 'a\u0301B\u0302c\u0303',
  'apostrophes and letters': "it'sIT'SWe'veſ's",
  'digits and letters': 'a1b22c333',
};

/** Printable ASCII punctuation, and the white space of ASCII. */
export const ASCII_PUNCTUATION = [...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'];
export const ASCII_SPACE = [' ', '\t', '\n', '\r', '\v', '\f'];

/** `unit` repeated until the text has `length` code points (the last repetition cut). */
export function runOf(unit: string, length: number): string {
  const points = Array.from(unit);
  const out: string[] = [];
  for (let i = 0; i < length; i++) out.push(points[i % points.length]!);
  return out.join('');
}

/** One run of the corpus. */
export interface Run {
  label: string;
  text: string;
}

/** Short to medium lengths (code points), cheap for tiktoken's quadratic merge. */
export const SHORT_LENGTHS = [1, 2, 3, 4, 5, 8, 17, 64, 257, 1000] as const;

/**
 * The runs of each category: each sample repeated, and the samples in turn, at
 * {@link SHORT_LENGTHS}; then each category's samples in turn at `long` code points.
 */
export function categoryRuns(long = 4000): Run[] {
  const runs: Run[] = [];
  for (const [category, points] of Object.entries(CATEGORY_SAMPLES)) {
    const all = points.map((p) => String.fromCharCode(...utf16(p))).join('');
    for (const p of points) {
      const unit = String.fromCharCode(...utf16(p));
      for (const n of SHORT_LENGTHS)
        runs.push({ label: `${category} U+${p.toString(16)} x${n}`, text: unit.repeat(n) });
    }
    for (const n of SHORT_LENGTHS) runs.push({ label: `${category} samples in turn, ${n}`, text: runOf(all, n) });
    runs.push({ label: `${category} samples in turn, ${long}`, text: runOf(all, long) });
  }
  for (const [name, unit] of Object.entries(SCRIPT_SAMPLES)) {
    for (const n of [...SHORT_LENGTHS, long]) runs.push({ label: `${name}, ${n}`, text: runOf(unit, n) });
  }
  return runs;
}

/** Every ordered pair of ASCII punctuation and white space, repeated to `length` characters. */
export function pairRuns(length: number): Run[] {
  const chars = [...ASCII_PUNCTUATION, ...ASCII_SPACE];
  const runs: Run[] = [];
  for (const a of chars) {
    for (const b of chars)
      runs.push({ label: `${JSON.stringify(a + b)} x${length / 2}`, text: (a + b).repeat(length / 2) });
  }
  return runs;
}

/** The inputs the fourth release's issue measured (+52.8% … −1.55% before the exact counter). */
export const REPORTED_RUNS: readonly Run[] = [
  { label: "'\\u3000' x4000", text: '\u3000'.repeat(4000) },
  { label: "'-=' x4000", text: '-='.repeat(4000) },
  { label: "'!?' x4000", text: '!?'.repeat(4000) },
  { label: "'aB' x4000", text: 'aB'.repeat(4000) },
  { label: "' \\t' x2000", text: ' \t'.repeat(2000) },
  { label: 'Devanagari, 1,500 characters', text: runOf('नमस्ते दुनिया यह एक परीक्षण है। ', 1500) },
];

/** A code point as UTF-16 code units (a lone surrogate stays one unit). */
function utf16(code: number): number[] {
  if (code <= 0xffff) return [code];
  const c = code - 0x10000;
  return [0xd800 + (c >> 10), 0xdc00 + (c & 0x3ff)];
}

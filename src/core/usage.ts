import type { SessionMeta } from '../types.js';
import { RecallKitError } from '../errors.js';

/** Record a provider's reported prompt tokens. (Wired to calibration in the next change.) */
export function recordUsageInMeta(_meta: SessionMeta, _usage: { promptTokens: number; estimatedTokens?: number }, _estimate: number): SessionMeta {
  throw new RecallKitError('reportUsage: not wired yet');
}

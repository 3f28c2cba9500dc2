import type { Interaction, LLMContext } from '../types.js';

/**
 * Keep a context within `budget` while a summary is being made in the background: the entries
 * waiting for it leave the context, one interaction's worth at a time, oldest first, until
 * it fits (or none are left). Without pending entries, or within budget, `assemble` sees the
 * interactions unchanged, so an idle session gets exactly what its profile makes.
 * @param assemble - builds the context from (a narrowing of) `interactions`.
 */
export function withinBudgetWhilePending(
  interactions: Interaction[],
  pending: ReadonlySet<string> | undefined,
  budget: number | undefined,
  assemble: (interactions: Interaction[]) => LLMContext,
): LLMContext {
  const full = assemble(interactions);
  if (!pending?.size || budget === undefined || full.tokenCount <= budget) return full;
  // Positions of the interactions holding pending entries, oldest first.
  const holding: number[] = [];
  interactions.forEach((interaction, i) => {
    if (interaction.entries.some((e) => pending.has(e.id))) holding.push(i);
  });
  const without = (k: number): Interaction[] => {
    const dropped = new Set(holding.slice(0, k));
    const out: Interaction[] = [];
    interactions.forEach((interaction, i) => {
      if (!dropped.has(i)) return out.push(interaction);
      const kept = interaction.entries.filter((e) => !pending.has(e.id));
      if (kept.length) out.push({ ...interaction, entries: kept, tokenCount: kept.reduce((t, e) => t + e.tokenCount, 0) });
      return out.length;
    });
    return out;
  };
  // The fewest interactions' pending entries to leave out: tokens only shrink as k grows.
  let lo = 1;
  let hi = holding.length;
  let best = assemble(without(hi));
  if (best.tokenCount > budget) return best;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const ctx = assemble(without(mid));
    if (ctx.tokenCount <= budget) {
      hi = mid;
      best = ctx;
    } else {
      lo = mid + 1;
    }
  }
  return best;
}

import type { Interaction, LLMContext, MemoryEntry } from '../../types.js';

/**
 * Keep a context within `budget` while its summary is not there yet — being made in the
 * background, or waiting out a failed summarizer's backoff: the entries waiting for a summary
 * leave the context first, one interaction's worth at a time, oldest first; if that is not
 * enough (turns added since the summary was planned, or no summary under way), older
 * interactions follow, never the newest. Within budget, `assemble` sees the interactions
 * unchanged, so a session whose compression keeps up gets exactly what its profile makes.
 * @param assemble - builds the context from (a narrowing of) `interactions`.
 */
export function withinBudget(
  interactions: Interaction[],
  pending: ReadonlySet<string> | undefined,
  budget: number | undefined,
  assemble: (interactions: Interaction[]) => LLMContext,
): LLMContext {
  const full = assemble(interactions);
  if (budget === undefined || full.tokenCount <= budget) return full;
  // What may leave, in order: pending entries by interaction, then the rest of older interactions.
  const steps: Set<string>[] = [];
  for (const interaction of interactions) {
    const ids = interaction.entries.filter((e) => pending?.has(e.id)).map((e) => e.id);
    if (ids.length) steps.push(new Set(ids));
  }
  for (const interaction of interactions.slice(0, -1)) {
    const ids = interaction.entries.filter((e) => !pending?.has(e.id)).map((e) => e.id);
    if (ids.length) steps.push(new Set(ids));
  }
  const without = (k: number): Interaction[] => {
    const gone = new Set<string>();
    for (const step of steps.slice(0, k)) for (const id of step) gone.add(id);
    const out: Interaction[] = [];
    for (const interaction of interactions) {
      const kept: MemoryEntry[] = interaction.entries.filter((e) => !gone.has(e.id));
      if (kept.length === interaction.entries.length) out.push(interaction);
      else if (kept.length)
        out.push({ ...interaction, entries: kept, tokenCount: kept.reduce((t, e) => t + e.tokenCount, 0) });
    }
    return out;
  };
  // The fewest steps that fit: tokens only shrink as more leave.
  let lo = 1;
  let hi = steps.length;
  if (hi === 0) return full;
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

/**
 * The rolling window while one of its summaries is being made: only the newest `window`
 * interactions reach the model (those waiting for the summary leave the context, as they
 * would have left the window), plus any holding a pinned entry. Without a pending summary the
 * interactions are returned unchanged.
 */
export function rollingWindowWhilePending(
  interactions: Interaction[],
  pending: ReadonlySet<string> | undefined,
  window: number | undefined,
): Interaction[] {
  if (!pending?.size || window === undefined) return interactions;
  const newest = interactions.at(-1)?.index ?? 0;
  const kept = interactions.filter((i) => i.index > newest - window || i.entries.some((e) => e.pinned));
  return kept.length === interactions.length ? interactions : kept;
}

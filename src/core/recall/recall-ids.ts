/** Recall-index ids of summaries are their id behind this prefix (entries use their own id). */
export const SUMMARY_PREFIX = 'summary:';

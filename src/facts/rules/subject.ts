/**
 * The first-person subject chat leaves out, put back, and the perfect tense made simple, so one
 * pattern reads many phrasings: "Been living in Lisbon for months" → "I have been living in
 * Lisbon…", "Landed a job as a chef" → "I landed a job as a chef", "Working at Hooli now" → "I am
 * working at Hooli now", "I've switched to being vegan" → "I switched to being vegan". Past
 * forms that say something ended ("I have lived", "I have worked") keep their auxiliary: "I lived
 * in Lyon" means the user no longer does.
 * @module
 */

/** A clause opening with a past form and no subject ("Moved to…", "Got a dog", "Been vegan"). */
const DROPPED_PAST = new RegExp(
  String.raw`^(?:(?:just|finally|recently|officially|also|now|and|then)\s+)*(?=(?:[a-z]+ed|been|left` +
    String.raw`|got|went|became|began|took|made|found|bought|sold|quit|lost|landed|had|met|spent|built` +
    String.raw`|won|gave|grew|switched|joined|started` +
    // Irregular pasts of verbs of change and of relationships ("Broke up with Anna", "Split from Tom").
    String.raw`|broke|split|fell|came|ran|chose|kept|sent|paid|brought|caught|taught|swore|drove|flew` +
    String.raw`|upgraded|downsized)\b)`,
  'iu',
);

/** A clause opening with "-ing" and no subject ("Living in Berlin now", "Working at Hooli"). */
const DROPPED_PROGRESSIVE = new RegExp(
  String.raw`^(?:(?:currently|now|still|also|just)\s+)*(?=(?:going|becoming|eating|getting|living` +
    String.raw`|working|studying|dating|seeing` +
    String.raw`|learning|taking|training|teaching|doing|starting|volunteering|interning|freelancing` +
    String.raw`|renting|staying|commuting|based|heading|flying|travelling|traveling|moving|relocating|planning` +
    String.raw`|off(?= to\b))\b)` +
    String.raw`(?![^,.;!?]*\b(?:is|was|has|makes|made|can|will|would|must|might|could|should|sounds|seems|looks)\b)`,
  'iu',
);

/** Words ending in "ed" that open a clause without being the user's verb ("Tired of…", "Excited to…"). */
const NOT_VERBS = new RegExp(
  String.raw`^(?:tired|excited|bored|scared|interested|pleased|thrilled|stressed|confused|worried` +
    String.raw`|surprised|amazed|blessed|based|red|bed|need|feed|seed|speed|weed|indeed|married|engaged` +
    String.raw`|retired)\b`,
  'iu',
);

/** Perfect tenses made simple, except the verbs whose simple past says something ended. */
const PERFECT = new RegExp(
  String.raw`\b(I|we)\s+(?:have|has)\s+(?!been\b|lived\b|worked\b|studied\b|had\b|spoken\b|owned\b` +
    String.raw`|driven\b|got\b|gotten\b)([a-z]+ed|gone|become|taken|begun|left|quit|made|found|bought` +
    String.raw`|sold|lost|given|grown|won)\b`,
  'giu',
);

/** Participles whose simple past differs. */
const SIMPLE_PAST: Record<string, string> = {
  gone: 'went',
  become: 'became',
  taken: 'took',
  begun: 'began',
  given: 'gave',
  grown: 'grew',
};

/** "now at TU Berlin", "these days in Denver": a place or company said with no subject and no verb. */
const DROPPED_BE = /^(?:now|these days|currently|nowadays|since then)\s+(?=(?:at|in|with|based|living|working)\b)/iu;

/**
 * "I left Acme in April and have been at Globex ever since": a verb coordinated with the user's
 * own has the same subject, put back so the patterns anchored on a subject read it.
 */
const COORDINATED = new RegExp(
  String.raw`^((?:I|we)\b[^,.;!?]*?) and (?=(?:have|am|are|now|started|joined|moved|became|went|got|switched` +
    String.raw`|started|live|work|study|have been)\b)`,
  'iu',
);

/** "officially a chef as of Monday", "now a Berlin resident": a role said with no subject and no verb. */
const DROPPED_BE_A = /^(?:(?:now|officially|finally|proudly|newly)\s+)+(?=an?\s)/iu;

/** "now do freelance work as a nurse", "these days live in Oslo": a present verb with no subject. */
const DROPPED_PRESENT = new RegExp(
  String.raw`^(?:now|currently|these days|nowadays)\s+(?=(?:do|work|live|teach|study|run|own|eat|speak|have` +
    String.raw`|go by|use|rent)\b)`,
  'iu',
);

/** The clause with its subject put back and its perfect tense made simple. */
export function restoreSubject(text: string): string {
  let out = text;
  if (DROPPED_BE_A.test(out)) out = `I am ${out.replace(DROPPED_BE_A, '')}`;
  const past = DROPPED_PAST.exec(out);
  if (past && !NOT_VERBS.test(out.slice(past[0].length))) {
    const rest = out.slice(past[0].length);
    out = /^been\b/iu.test(rest) ? `I have ${rest}` : `I ${past[0]}${rest}`;
  } else if (DROPPED_BE.test(out)) {
    out = `I am ${out.replace(DROPPED_BE, '').replace(/[\s.!,;]+$/u, '')} now`;
  } else if (DROPPED_PROGRESSIVE.test(out)) {
    out = `I am ${out}`;
  } else if (DROPPED_PRESENT.test(out)) {
    out = `I ${out}`;
  }
  // Cut with a semicolon, where the extractor reads the two statements apart.
  out = out.replace(COORDINATED, (_all, first: string) => `${first}; ${/^we\b/iu.test(first) ? 'we' : 'I'} `);
  return out.replace(PERFECT, (_all, who: string, verb: string) => `${who} ${SIMPLE_PAST[verb.toLowerCase()] ?? verb}`);
}

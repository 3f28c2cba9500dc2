/**
 * What a question takes for granted about the user: a question states nothing itself, but its
 * reason clause ("…now that I live in Berlin?", "…since I just moved to Oslo?") and the user's
 * own new things it names ("…near my new flat in Lisbon?", "…for my first week at Globex?") are
 * the user's statements. Each is said back as the plain statement it presupposes, for the readers;
 * a hedge, a wish or someone else's words in it still keep it from being read (`detectors.ts`).
 * @module
 */

/** "…now that I live in Berlin?", "…since we moved to Oslo?": the reason clause, a statement of the user's. */
const REASON = /\b(?:now that|since|because|as|given that|seeing as)\s+((?:I|we)\b[^?]*?)\s*(?:[?,;]|$)/iu;

/** The user's own new things named in a question, and the statement each presupposes. */
const OWN_THINGS: [RegExp, string][] = [
  [
    new RegExp(
      String.raw`\bmy (?:new |current )?(?:flat|apartment|place|house|home|neighbou?rhood` +
        String.raw`|area) in (\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?)`,
      'u',
    ),
    'I live in ',
  ],
  [
    new RegExp(
      String.raw`\bmy (?:new (?:job|role|position|team|office|workplace)|first (?:week|day` +
        String.raw`|month)(?: of work)?) at (\p{Lu}[\p{L}&'-]*(?: \p{Lu}[\p{L}&'-]*)?)`,
      'u',
    ),
    'I work at ',
  ],
  [
    new RegExp(
      String.raw`\bmy (?:first (?:semester|term|year) |new (?:course|program|programme` +
        String.raw`|classes) )at (\p{Lu}[\p{L}'-]*(?: (?:of |\p{Lu})[\p{L}'-]*){0,3})`,
      'u',
    ),
    'I study at ',
  ],
];

/** The statements a question clause (its plain form) takes for granted about the user. */
export function presupposed(text: string): string[] {
  const out: string[] = [];
  const reason = REASON.exec(text);
  if (reason) out.push(reason[1]!);
  for (const [re, says] of OWN_THINGS) {
    const m = re.exec(text);
    if (m) out.push(`${says}${m[1]}`);
  }
  return out;
}

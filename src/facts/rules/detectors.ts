/**
 * What makes a clause not a statement of fact about the user: a question, a hypothetical or a
 * hedge ("if I lived in Rome", "I might move", "I wish", "I think I'm…"), someone else's words
 * ("my boss says I'm lazy", "you said…", "according to"), fiction ("my character lives in…"), or a
 * joke ("jk", "/s", "yeah right"). Each detector reads the clause's plain form (`canonical.ts`).
 * @module
 */

/** Why a clause is not read for facts. */
export type SkipReason = 'question' | 'hypothetical' | 'reported' | 'fiction' | 'joke';

/** A question: it asks ("?"), or opens with an auxiliary or a question word ("do I…", "where…"). */
const QUESTION = new RegExp(
  // "can't stand X" opens a statement whose subject chat dropped, not a question.
  String.raw`^(?!can not (?:stand|bear)\b)` +
    String.raw`(?:(?:do|does|did|am|is|are|was|were|can|could|would|will|should|shall|have|has|had` +
    String.raw`|may|might|must)\s+(?:I|you|we|he|she|they|it|my|your|our|the|there|this|that|anyone` +
    String.raw`|anybody|someone|somebody|a|an|not)\b|(?:what|where|when|who|whom|why|how|which|whose` +
    String.raw`|whats|wheres|any idea|guess where|remember (?:when|where|what|how))\b)`,
  'iu',
);

/**
 * "Can you update my number to 555-0199?": a request to record the user's own contact detail is
 * a statement of it, though it is worded as a question.
 */
const OWN_DETAIL_REQUEST = new RegExp(
  String.raw`^(?:can|could|would|will) you (?:please |pls |kindly )?(?:update|change|set|switch|save|note down)` +
    String.raw` my (?:phone |mobile |cell |contact )?(?:number|no\.?|e-?mail|e-?mail address)\s+(?:to|as)\s+` +
    String.raw`[^\s?!]{1,40}(?: [^\s?!]{1,20}){0,3}` +
    String.raw`(?:\s+(?:please|now|from now on|thanks))?\s*[?.!]*$`,
  'iu',
);

/** Hypotheticals, wishes, hedges and intentions not yet acted on. */
const HYPOTHETICAL = new RegExp(
  String.raw`\b(?:if|unless|whether|suppose|supposing|imagine|imagining|pretend|pretending|in case` +
    String.raw`|assuming|hypothetically|` +
    (String.raw`wish(?! me luck| you| u\b)|wished|wishing|would|could|might|maybe|perhaps|probably|possibly` +
      String.raw`|potentially|someday` +
      String.raw`|some day|one day|`) +
    (String.raw`hopefully|hope|hoping|dream of|dreaming|dreamt|dreamed|fantasi[sz]e|considering|consider` +
      String.raw`|thinking about|`) +
    (String.raw`thinking of|think about|want to|wants to|wanted to|would like|tempted|debating|not sure` +
      String.raw`|unsure|wondering|`) +
    String.raw`wonder|eventually|ideally|in theory|should|ought to|need to|have to|try to|trying to(?! learn\b)` +
    String.raw`|tried to|may be` +
    String.raw`|must be|must have been|` +
    (String.raw`what if|let us say|let's say|say I|kind of want|if only|on the fence|torn between|can't decide` +
      String.raw`|can not decide)\b|`) +
    (String.raw`\b(?:I|we|it|that|this) may\b|\b(?:I|we) (?:think|thought|guess|suppose|believe|reckon` +
      String.raw`|feel like|doubt|bet|assume)\b`),
  'iu',
);

/** Someone else's words or opinion about the user: the verbs that report them. */
const SAYS =
  String.raw`(?:(?:always|often|keeps|keep|kept|just|also|even|still|once|never|literally|apparently)\s+)*` +
  (String.raw`(?:says?|said|saying|thinks?|thought|told me|tells me|telling me|claims?|claimed|believes?` +
    String.raw`|believed|reckons?|`) +
  String.raw`insists?|insisted|mentioned|joked|jokes|assumes?|assumed|swears?|swore|suggested|suggests|wrote|writes|` +
  String.raw`texted|asked|asks|wants me|wanted me|is convinced|was convinced|heard|hears|figured|figures|pretends)\b` +
  // "the kids insisted on changing it", "she asked for a raise": an action, not words about the user.
  String.raw`(?!\s+(?:on|for|about|around)\b)`;

const REPORTED = new RegExp(
  String.raw`\b(?:he|she|they|someone|somebody|people|everyone|everybody|you|y'all|my [\p{L}-]+(?: [\p{L}-]+)?|` +
    String.raw`(?:the|his|her|their|our) [\p{L}-]+|[\p{L}-]+'s [\p{L}-]+)\s+${SAYS}|` +
    String.raw`\b(?:according to|supposedly|allegedly|rumou?r has it|they say|people say|I was told|` +
    String.raw`I have been told|I heard|I hear that|as far as (?:they|he|she) know)\b`,
  'iu',
);

/** A cheap test before the reporting patterns: one of their words. */
const REPORTS = new RegExp(
  String.raw`\b(?:say\w*|said|think\w*|thought|told|tell\w*|claim\w*|believ\w*|reckon\w*|insist\w*` +
    String.raw`|mention\w*|jok\w*|assum\w*|swear\w*|swore|suggest\w*|wrote|write\w*|texted|ask\w*|want\w*` +
    String.raw`|convinced|heard|hear\w*|figure\w*|pretend\w*|according|supposedly|allegedly` +
    String.raw`|rumou?r)\b`,
  'iu',
);

/** A named person reporting ("Mom says…", "Tom thinks…"): a capitalized word, so case-sensitive. */
const NAMED_REPORTER = new RegExp(String.raw`(?:^|[^\p{L}])(?!I\b)\p{Lu}[\p{Ll}-]+\s+${SAYS}`, 'u');

/** Fiction, games and dreams. */
const FICTION = new RegExp(
  String.raw`\b(?:my character|in the story|in my story|in the game|in this game|role-?play|in my novel` +
    String.raw`|in the novel|in the movie|in the book|in my book|in my dream|in my dreams|in a dream` +
    String.raw`|in another life|in a parallel universe|in the show)\b`,
  'iu',
);

/** Jokes and sarcasm that can be seen in the words. */
const JOKE = new RegExp(
  String.raw`\b(?:jk|j\/k|just kidding|(?<!not )kidding|yeah right|as if|in my dreams|lmao no|haha no` +
    String.raw`|sike|psych)\b|(?:^|\s)\/s\b`,
  'iu',
);

/** A sentence that only takes back the one before ("Just kidding!", "jk", "/s", "Not really."). */
const TAKE_BACK = new RegExp(
  String.raw`^(?:(?:lol|haha|lmao|ha|no|nah|ok|okay)[\s,!.]*)*(?:jk|j\/k|just kidding|I am kidding` +
    String.raw`|I am just kidding|kidding|\/s|not really|yeah right|sike|psych|I wish)[\s,!.]*(?:lol` +
    String.raw`|haha|lmao)?[\s!.]*$`,
  'iu',
);

/** Why the clause (its verbatim text `raw`, its plain form `text`) is not read, or undefined to read it. */
/** Greetings passed on ("my girlfriend says hi") are not someone's words about the user. */
const GREETING =
  /\b(?:says?|said|sends?|sent) (?:hi|hello|hey|her love|his love|their love|love|thanks|hugs|regards)\b/iu;

/**
 * Words that look like a hedge but are not one: what the user thinks or talks about as the
 * object of a statement ("it's all I think about", "the only thing I talk about"), and a
 * condition on the listener rather than on the user ("if you need to reach me, it's …").
 */
const NOT_HEDGES = new RegExp(
  String.raw`\b(?:all|everything|anything|what|the only thing) (?:I|we) (?:can )?(?:ever )?(?:think|talk|dream|care)` +
    String.raw` about\b|^(?:if|in case|whenever) you (?:ever )?(?:need|want|have) to (?:reach|contact|call|text` +
    String.raw`|email|e-mail|message|find|get hold of|get in touch with) (?:me|us)\b` +
    // "I'd rather you call me Kate": a request to the listener, not a hedge.
    String.raw`|^I would (?:rather|prefer (?:it if )?) ?you\b` +
    // "I'd rather be called Kate": how the user wants to be named, said as a preference.
    String.raw`|\bI would (?:rather|prefer to|like to) (?=be (?:called|known as)\b)` +
    // "I'd say ramen is my favourite now": an assertion, not a condition.
    String.raw`|^I would say\b` +
    // Rhetorical tags ("…, can you believe it", "believe it or not, …"): no one's words or doubt.
    String.raw`|,?\s*\b(?:can you believe it|would you believe it|believe it or not|if you can believe it` +
    String.raw`|guess what|you know)\b\s*[!.]*(?=,|$)|^(?:believe it or not|guess what),?\s`,
  'giu',
);

/** The clause with the words that only look like hedges blanked (see `NOT_HEDGES`). */
export function withoutFalseHedges(text: string): string {
  return text.replace(NOT_HEDGES, ' ');
}

export function skipReason(raw: string, text: string): SkipReason | undefined {
  if (OWN_DETAIL_REQUEST.test(text)) return undefined;
  if (raw.includes('?') || QUESTION.test(text)) return 'question';
  text = withoutFalseHedges(text);
  if (JOKE.test(text) || JOKE.test(raw)) return 'joke';
  if (FICTION.test(text)) return 'fiction';
  if (REPORTS.test(text) && !GREETING.test(text) && (REPORTED.test(text) || NAMED_REPORTER.test(text)))
    return 'reported';
  if (HYPOTHETICAL.test(text)) return 'hypothetical';
  return undefined;
}

/** A doctor's or a test's finding about the user: reported, but a fact about their health. */
const MEDICAL = new RegExp(
  String.raw`\b(?:doctor|doc|allergist|dermatologist|gp|physician|specialist|cardiologist|nurse|dietitian` +
    String.raw`|dietician|test|tests|results|blood work|bloodwork|scan|diagnosis)\b`,
  'iu',
);

/** Whether a reported clause is a medical finding (its health and allergy facts still count). */
export function medicalFinding(text: string): boolean {
  return MEDICAL.test(text) && !HYPOTHETICAL.test(text);
}

/** Whether a sentence only takes back the one before it ("Just kidding!"). */
export function takesBack(text: string): boolean {
  return TAKE_BACK.test(text.trim());
}

/** A sentence that opens with a condition ("If I…, …"): its later clauses are conditional too. */
export function opensCondition(text: string): boolean {
  if (withoutFalseHedges(text) !== text) return false;
  return /^(?:if|unless|suppose|supposing|imagine|assuming|what if|in case|when|whenever|once)\b/iu.test(text);
}

/** Words that, before a subject, make its clause part of another ("the friend who…", "that I…"). */
const EMBEDDING = new RegExp(
  String.raw`\b(?:if|unless|whether|when|whenever|where|wherever|who|whom|whose|which|(?<!now |so )that` +
    String.raw`|than|like|as if|before|until|till|what|how|why)\b`,
  'iu',
);

/**
 * Whether the words before a pattern's subject make it part of another clause, so the pattern
 * does not state a fact about the user ("my friend who lives in…", "the day that I moved…").
 */
export function embedded(prefix: string): boolean {
  return prefix.trim() !== '' && EMBEDDING.test(prefix);
}

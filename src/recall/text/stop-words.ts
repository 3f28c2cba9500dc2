/**
 * Words left out of recall: English function words (the NLTK list, whose contraction stubs
 * `don`, `isn`, … are what the tokenizer leaves of `don't`, `isn't`), chat fillers, and the
 * framing words of questions.
 * @module
 */

const FUNCTION_WORDS =
  'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself ' +
  'she her hers herself it its itself they them their theirs themselves what which who whom this ' +
  'that these those am is are was were be been being have has had having do does did doing a an ' +
  'the and but if or because as until while of at by for with about against between into through ' +
  'during before after above below to from up down in out on off over under again further then ' +
  'once here there when where why how all any both each few more most other some such no nor not ' +
  'only own same so than too very s t can will just don should now d ll m o re ve y ain aren ' +
  'couldn didn doesn hadn hasn haven isn ma mightn mustn needn shan shouldn wasn weren wouldn ' +
  // Modal verbs NLTK lacks (`may` is decided by the date reader: "in May" is a month).
  'would could might must shall ' +
  // Chat fillers.
  'oh hey hi hello ok okay yeah yep yes wow lol haha um uh hmm pm';

/** Framing words of a question: they say what is asked, not what it is about. */
const QUESTION_WORDS =
  'whose whatever whichever ever kind kinds type types sort sorts likely probably ' +
  'something anything someone anyone';

/** English stop words, lower case, apostrophes removed. Never indexed, never searched. */
export const STOP_WORDS: ReadonlySet<string> = new Set(FUNCTION_WORDS.split(' '));

/** Words dropped from queries only (on top of {@link STOP_WORDS}). */
export const QUERY_STOP_WORDS: ReadonlySet<string> = new Set(QUESTION_WORDS.split(' '));

/** After `how`, these only say what is asked: "how long", "how many", "how often". */
export const HOW_WORDS: ReadonlySet<string> = new Set(['long', 'many', 'much', 'often', 'far', 'old', 'soon']);

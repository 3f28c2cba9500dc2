/**
 * The predicate lexicon the frame reader scores a clause with: per attribute, the kind of value
 * it takes (a name, a diet, a language, an occupation, a thing), the words that say a clause is
 * about it (verbs and nouns, as stems, each with a hand-set weight), the prepositions that
 * introduce its value, and the words that rule it out. One table instead of one pattern per
 * phrasing: a clause is read when its words point to an attribute strongly enough, whatever
 * order they come in ("made the jump to Edinburgh", "first week at Accenture done").
 * @module
 */

/** What a value is: a capitalised name (a place, an organisation, a person), a word of a list, or a thing. */
export type SlotKind = 'name' | 'diet' | 'language' | 'occupation' | 'thing' | 'phone' | 'email';

/** One attribute's frame. */
export interface Frame {
  attribute: string;
  slot: SlotKind;
  /** Stems (a regular-expression source matched at a word start) and their weights. */
  cues: readonly (readonly [stem: string, weight: number])[];
  /** Words right before the value that make it this attribute's (`to Berlin`, `at Acme`). */
  preps: readonly string[];
  /** Words right after the value that make it this attribute's (`a UBC student`, `a Lisbon local`). */
  posts?: readonly string[];
  /** Words that rule the frame out in the clause (an interview is not a job). */
  veto?: string;
  /** A future in the clause makes it a plan, not a state ("moving to Madrid in May"). */
  present?: boolean;
  /** The value must be owned in so many words ("my", "me", "I"): a contact detail, a like. */
  mine?: boolean;
  /** The score a clause must reach (cues, plus 1 for a value after one of `preps`). */
  least: number;
}

/** Words that say the clause is about a future or a wish, not what holds now. */
export const FUTURE = new RegExp(
  String.raw`\b(?:will|going to|gonna|next|soon|plan\w*|hop(?:e|ing)|want\w*|would|might|may be|maybe` +
    String.raw`|thinking|consider\w*|tomorrow|someday|one day|eventually)\b`,
  'i',
);

/** Every frame, in the order ties are broken. */
export const FRAMES: readonly Frame[] = [
  {
    attribute: 'city',
    slot: 'name',
    cues: [
      ['mov(?:e|ed|ing)\\b', 2],
      ['relocat', 2],
      ['settl', 2],
      ['resid', 2],
      ['local\\b', 2],
      ['live[sd]?\\b|living\\b', 2],
      ['(?:new |our |my )home\\b|home (?:is|now)\\b|is (?:my |our )?(?:new )?home\\b', 2],
      ['address', 2],
      ['apartment|flat\\b|house\\b|condo', 1],
      ['city\\b|town\\b|neighbou?rhood', 1],
      ['emigrat|immigrat', 2],
      ['(?:made|make|making) the (?:jump|move|leap)', 2],
      ['based\\b', 2],
      ['rent(?:s|ed|ing)? in|bought (?:a |our )?(?:house|flat|home|place)', 2],
      ['our place|my place', 1],
    ],
    preps: ['to', 'in', 'into'],
    posts: ['local', 'resident', 'native', 'now'],
    veto:
      String.raw`\b(?:trip|holiday|vacation|visit\w*|weekend|conference|flight|tour|concert|festival|game` +
      String.raw`|match|stay(?:s|ed|ing)?|nights?|hotel|airbnb|landed)\b`,
    present: true,
    least: 3,
  },
  {
    attribute: 'employer',
    slot: 'name',
    cues: [
      ['work(?:s|ed|ing)?\\b', 2],
      ['job\\b', 2],
      ['employ', 2],
      ['compan(?:y|ies)', 2],
      ['hired\\b', 2],
      ['join(?:ed|ing)?\\b', 2],
      ['payroll', 2],
      ['first (?:day|week|month) at', 3],
      ['colleagues?|coworkers?|boss\\b|office\\b|team\\b', 1],
      ['onboard', 2],
      ['contract|offer\\b', 1],
      ['start(?:ed|ing)? (?:at|with)', 2],
      ['been with', 1],
      ['promot', 1],
      ['quit|resign|notice', 1],
      ['left\\b', 1],
      ['(?:am|I am) at\\b', 1],
      ['signed (?:with|on)|on the .{1,20} team|works? for', 2],
      ['career|position|role\\b', 1],
    ],
    preps: ['at', 'for', 'joined', 'join', 'joining'],
    present: true,
    veto:
      String.raw`\b(?:interview\w*|appl(?:y|ied|ying)|rejected|possible|potential|call with|programm?e?` +
      String.raw`|group|club|gym|community|mentorship|volunteer\w*|charity|league|choir|band|client` +
      String.raw`|customer|meeting|party|universit\w*|college|school|student|semester|class(?:es)?|degree` +
      String.raw`|shopping|order(?:ed)?|bought)\b`,
    least: 3,
  },
  {
    attribute: 'school',
    slot: 'name',
    cues: [
      ['stud(?:y|ies|ying|ied|ent)', 2],
      ['enrol', 2],
      ['universit|college\\b|uni\\b|school\\b', 2],
      ['semester|term\\b|campus', 2],
      ['degree|master|phd|bachelor|undergrad|postgrad', 2],
      ['class(?:es)?\\b|course\\b|lectures?\\b', 1],
      ['transfer', 1],
      ['accepted (?:to|into|at)|got into|admitted', 2],
      ['freshman|sophomore|first[- ]year|second[- ]year', 2],
      ['attend(?:s|ed|ing)?\\b|major(?:ing)?\\b|graduat', 2],
    ],
    preps: ['at', 'to', 'into', 'of'],
    posts: ['student', 'students', 'alum', 'alumnus', 'alumna', 'grad', 'graduate', 'undergrad', 'freshman'],
    veto: String.raw`\b(?:work(?:s|ed|ing)?|job|employ\w*|hired|payroll|company)\b`,
    least: 3,
  },
  {
    attribute: 'partner',
    slot: 'name',
    cues: [
      ['dat(?:e|es|ed|ing)\\b', 2],
      ['seeing\\b', 2],
      ['married|marry', 2],
      ['engaged|fianc', 2],
      ['girlfriend|boyfriend|partner|wife\\b|husband|spouse', 2],
      ['together\\b|relationship', 1],
      ['in love', 1],
      ['going out with|together with|seeing each other', 2],
    ],
    preps: ['with', 'seeing', 'dating', 'married', 'is', 'named', 'called'],
    veto: String.raw`\b(?:fly\w*|flew|trip|visit\w*|wedding|conference|meeting|call|drove|driving)\b`,
    present: true,
    least: 3,
  },
  {
    attribute: 'name',
    slot: 'name',
    cues: [
      ['call me\\b', 3],
      ['my (?:first |full |legal |real )?name\\b', 2],
      ['as my name', 3],
      ['go(?:es)? by\\b', 2],
      ['known as', 2],
      ['name (?:is|was)? ?changed|changed (?:my|the) name', 2],
    ],
    preps: ['me', 'is', 'use', 'by', 'as', 'to'],
    least: 3,
  },
  {
    attribute: 'job',
    slot: 'occupation',
    cues: [
      ['work(?:s|ed|ing)? as', 3],
      ['job\\b|role\\b|position\\b|title\\b|career|profession', 2],
      ['promot', 2],
      ['retrain|train(?:ed|ing) as|qualified', 2],
      ['bec(?:a|o)me', 2],
      ['now\\b', 1],
      ['new\\b', 1],
      ['(?:am|are|is) (?:a|an)\\b', 1],
      ['as (?:a|an)\\b', 1],
    ],
    preps: ['as', 'a', 'an'],
    least: 3,
  },
  {
    attribute: 'diet',
    slot: 'diet',
    cues: [
      ['diet', 2],
      ['eat(?:s|ing)?\\b|ate\\b', 1],
      ['meat|fish|dairy|animal products', 1],
      ['went|gone|going|switch|bec(?:a|o)me|turned|convert', 1],
      ['full(?:y)?\\b|strict(?:ly)?|100%|totally|completely', 1],
      ['now\\b|these days|since', 1],
      ['(?:am|are) (?:a |an )?', 1],
    ],
    preps: ['to', 'a', 'an', 'fully', 'full', 'strictly', 'am', 'are', 'went', 'go', 'now'],
    veto: String.raw`\b(?:restaurant|recipe|cookbook|menu|options?|place|bakery|friends?|cafe)s?\b`,
    least: 2,
  },
  {
    attribute: 'language',
    slot: 'language',
    cues: [
      ['speak|spoke', 2],
      ['learn', 2],
      ['lessons?|class(?:es)?|course', 2],
      ['duolingo|tutor|flashcards', 2],
      ['fluent|bilingual|native', 2],
      ['practi[cs]', 2],
      ['pick(?:ed|ing)? up', 2],
      ['stud(?:y|ying|ied)', 1],
      ['mother tongue|conversational|getting (?:better|good|decent) at|my .{1,12} is (?:getting|improving)', 2],
    ],
    preps: ['in', 'up', 'learn', 'learning', 'speak', 'speaking'],
    veto:
      String.raw`\b(?:food|cuisine|restaurant|movies?|films?|music|wine|history|literature|lit|teacher` +
      String.raw`|friends?|people)\b`,
    least: 3,
  },
  {
    attribute: 'allergy',
    slot: 'thing',
    cues: [
      ['allerg', 3],
      ['react(?:s|ed|ing)? (?:badly )?to', 2],
      ['intoleran', 2],
      ['sensitive to|anaphyla|epi-?pen|hives', 2],
    ],
    preps: ['to'],
    least: 3,
  },
  {
    attribute: 'favorite_food',
    slot: 'thing',
    cues: [
      ['favou?rite|fave?\\b|number one', 1],
      ['nothing beats|beats everything', 2],
      ['food|dish|meal|eat|cuisine|snack', 2],
      ['can not get enough of|could eat .{1,30} every day', 2],
    ],
    preps: ['beats', 'is', 'food:'],
    // "my favourite book", "my go-to ingredient": a favourite of another kind.
    veto:
      String.raw`\b(?:favou?rites?|faves?|go-to|number one)\s+(?!(?:(?:food|dish|meal|snack|thing` +
      String.raw`|cuisine)(?:e?s)?|now|these|again|by|for|to|at|in|of|and|ever|right|lately|too` +
      String.raw`|as well)\b)[\p{L}]+`,
    least: 3,
  },
  {
    attribute: 'like',
    mine: true,
    slot: 'thing',
    cues: [
      ['obsessed with', 3],
      ['(?:really|so|super|very|totally|am|are) into\\b', 2],
      ['hooked on', 3],
      ['addicted to', 3],
      ['(?:fell|falling) (?:in love )?(?:with|for)', 3],
      ['(?:love|enjoy|adore)(?:s|d|ing)?\\b', 1],
      ['(?:big|huge) fan of|crazy about|mad about|fond of|passionate about|gotten into|got into|getting into', 3],
    ],
    preps: ['with', 'into', 'on', 'to', 'love', 'enjoy', 'enjoying', 'loving', 'for'],
    least: 3,
  },
  {
    attribute: 'phone',
    mine: true,
    slot: 'phone',
    cues: [
      ['number|phone|cell\\b|mobile|digits', 2],
      ['call|text|ring|whats-?app|sms|reach|contact|sim\\b', 2],
      ['new\\b|now\\b|changed|update', 1],
    ],
    preps: ['is', 'on', 'at', 'to', 'now'],
    least: 3,
  },
  {
    attribute: 'email',
    mine: true,
    slot: 'email',
    cues: [
      ['e-?mail|mail\\b|inbox|address', 2],
      ['reach|contact|write|use|send', 1],
      ['new\\b|now\\b|changed|switched|moved|update', 1],
    ],
    preps: ['is', 'at', 'on', 'to', 'now'],
    least: 3,
  },
];

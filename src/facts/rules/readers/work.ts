/**
 * Work and study: job title ("I'm a nurse", "I work as a data analyst", "I became a teacher",
 * "I got promoted to senior engineer", "I'm retired"), employer ("I work at Acme", "I joined
 * Globex last month", "I'm at Globex now", "Globex hired me", "I quit my job at Acme", "I left
 * Acme for Globex", "I switched from Acme to Globex"), industry ("I work in marketing"), school
 * ("I study at TU Berlin", "I transferred to Oxford", "I graduated from MIT") and subject ("I'm
 * studying law").
 * @module
 */
import { ADV, SUBJ, SUBJ_OR_NONE, pattern } from '../grammar.js';
import { ACTIVITIES, INDUSTRIES, LANGUAGES, OCCUPATIONS, WEAK_OCCUPATIONS, alternation } from '../lexicon.js';
import { after, find, propose, type Proposal, type Reader } from '../reader.js';
import { cutValue } from '../values.js';

const GATE = new RegExp(
  String.raw`\b(?:as an?|been|work|job|employ|intern|hired|joined|join|quit|left|resign|fired|laid off` +
    String.raw`|let go|retire|promot|became|become|am (?:a|an|now|currently|the)|I am|switched|moved` +
    String.raw`|went|jumped|career|company|at\b|stud|school|college|universit|uni\b|graduat|enrol|transfer` +
    String.raw`|major|degree|student|freshman|sophomore|phd|master|bachelor|dropped out|accepted|got into` +
    String.raw`|poached|headhunted|recruited|snapped up|brought on|taken on` +
    String.raw`|go|going|attend|attending|into|admitted|offer|role|position|signed|teach)`,
  'iu',
);

const OCCUPATION = new RegExp(`^${alternation(OCCUPATIONS)}$`, 'iu');
const SCHOOLISH = new RegExp(
  String.raw`\b(?:universit(?:y|ies)|uni|college|school|institute|academy|polytechnic|conservatory` +
    String.raw`|conservatoire|faculty|campus|mit|ucla|nyu|usc|lse|eth|epfl|harvard|stanford|oxford|cambridge` +
    String.raw`|yale|princeton|berkeley|sorbonne|caltech|tu|tum|kth|ucl|imperial|kings|mcgill|u of \p{L}+)\b`,
  'iu',
);
const STATE_JOBS = new RegExp(
  String.raw`^(?:retired|unemployed|self-employed|between jobs|out of work|a freelancer|freelancing` +
    String.raw`|a stay-at-home (?:mom|mum|dad|parent)|on (?:maternity|paternity|parental|sick) leave` +
    String.raw`|jobless|looking for (?:a )?work)\b`,
  'iu',
);

const WORK_AS = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:(?:started|began|have started|am now|have been|am)\s+)?(?:work|working|worked|employed` +
    String.raw`|hired|freelance|freelancing|earn (?:my|a) living|make (?:my|a) living|making (?:my|a) living` +
    String.raw`|make (?:my|the|our) money|making (?:my|the|our) money|earn (?:my|the|our) money|pay the bills)` +
    String.raw`\s+${ADV}as\s+(?:a |an |the )?`,
);
const I_AM_A = pattern(
  String.raw`(?:(?:^|\b)${SUBJ}\s+|^)${ADV}(?:am|are|became|have become|become|have been|am now|became a full-time` +
    String.raw`|got hired as|was hired as|trained as|retrained as|qualified as|am training as|am training to be` +
    String.raw`|am studying to be|am working as)\s+${ADV}(?:a|an)\s+`,
);
const AS_ROLE = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:(?:am|are|have been)\s+)?(?:work|working|worked|employed|hired|joined|started|interning)\s+` +
    String.raw`(?:at|for|with)\s[^,;]{1,60}?\sas\s+(?:a |an |the |their |our )?`,
);
/** "I work night shifts as a paramedic", "passed my probation as a chef": a role after a few words. */
const WORK_SOMEHOW_AS = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:(?:work|am working|have been working|have worked)\s+(?:[\p{L}-]+\s+){1,3}?` +
    String.raw`|(?:passed|finished|started|completed|done with|am in)\s+my\s+(?:probation|training|trial period` +
    String.raw`|internship|apprenticeship|residency|first (?:day|week|month|year))\s+)as\s+(?:a |an |the )?`,
);
/** "I teach maths at a secondary school": a teacher, of what is taught. */
const TEACH = /^I (?:teach|am teaching|have been teaching|have taught) ([\p{L}-]+)/iu;
/** "I teach my kids to swim", "I teach myself Spanish": teaching that is not a job. */
const NOT_TAUGHT_FOR_WORK = /^(?:my|our|his|her|their|him|them|me|myself|ourselves|you|someone|somebody|how)$/iu;
const NOT_A_SUBJECT =
  /^(?:at|in|for|online|part-time|full-time|kids|children|students|people|adults|a|an|the|my|them|there|here|it)$/iu;
const NEW_JOB_AS = pattern(
  String.raw`\b(?:got|landed|found|accepted|took|started|have|started a new job|got a new job|got a job` +
    String.raw`|got hired)\s+(?:a |an |my |the )?(?:new |first |dream |full-time |part-time )?(?:job` +
    String.raw`|role|position|gig|career)\s+(?:(?:last|this) (?:week|month|year)\s+|(?:a few |two |three )?` +
    String.raw`(?:days|weeks|months) ago\s+|today\s+|yesterday\s+)?as\s+(?:a |an |the )?`,
);
/** "I started as a nurse on Monday", "began as a junior dev": a role the user took up (a known role only). */
const STARTED_AS = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:started|began|have started|am starting|start|started out|started work|started working)\s+as\s+` +
    String.raw`(?:a |an |the )?`,
);
/** "I left my job as a pharmacist": the job given up. */
const LEFT_JOB_AS = pattern(
  String.raw`\b(?:left|quit|resigned from|lost|gave up|walked away from)\s+(?:my )?(?:old )?(?:job|position|role` +
    String.raw`|career|work)\s+as\s+(?:a |an |the )?`,
);
/** "…and retrained as a nurse". */
const RETRAINED = pattern(
  String.raw`(?:(?:^|\b)${SUBJ}\s+|^|\band\s+)${ADV}(?:have\s+)?(?:retrained|requalified|re-trained|re-qualified)\s+` +
    String.raw`(?:to work\s+)?as\s+(?:a |an |the )?`,
);
const PROMOTED = pattern(
  String.raw`\b(?:I|we)\s+${ADV}(?:was|were|got|have been|just got)\s+promoted\s+to\s+(?:a |an |the )?`,
);
const MY_JOB_AS = new RegExp(
  String.raw`\bmy (?:new |current |first |dream |full-time |part-time )?(?:job|role|position|gig|career` +
    String.raw`|work) as (?:a |an |the )?`,
  'iu',
);
const AS_A = /^as (?:a|an) /iu;
const MY_JOB_IS_LOOSE =
  /(?:^|\bmy )(?:new |current )?(?:job|job title|title|role|position|profession|occupation)\s*:\s*(?:a |an )?/iu;
const MY_JOB_IS = new RegExp(
  String.raw`\bmy (?:new |current )?(?:job|job title|title|role|position|profession|occupation) is ` +
    String.raw`(?:now )?(?:a |an |as a |as an )?`,
  'iu',
);
const IS_STATE = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:am|are|got|have been|just got)\s+${ADV}(?=retired|unemployed` +
    String.raw`|self-employed|between jobs|out of work|a freelancer|freelancing|a stay-at-home|on (?:maternity` +
    String.raw`|paternity|parental|sick) leave|jobless)`,
);
const RETIRED = pattern(SUBJ_OR_NONE, ADV, String.raw`(?:retired|have retired|went freelance|went self-employed)\b`);

const WORK_AT = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:(?:started|began|have started|am now|have been|am|are)\s+)?(?:work|works|working|worked` +
    String.raw`|interning|intern|employed|a contractor|contracting)\s+${ADV}(?:full[- ]time |part[- ]time ` +
    String.raw`|remotely |now |currently |there |here )?(?:at|for)\s+(?!home\b|night\b|the moment\b` +
    String.raw`|it\b|myself\b|a living\b|the office\b|weekends?\b)`,
);
const EMPLOYED_BY = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:am|are|was|got|have been)\s+${ADV}(?:employed|hired|recruited` +
    String.raw`|headhunted|picked up|poached|snapped up|brought on|taken on|signed|lured away)\s+(?:by|at)\s+`,
);
const JOINED = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:(?:have|has)\s+${ADV})?(?:joined (?:the |a )?(?:[\p{L}-]+ )?(?:team|company|staff` +
    String.raw`|crew|group|department)` +
    String.raw` (?:at|of)|joined|started (?:a new job |a job |working |work |my new job ` +
    String.raw`|my new role |my new position )?at|got (?:a |an |the |my )?(?:new )?(?:job|position|role` +
    String.raw`|internship|gig) (?:at|with|from)|accepted (?:a |an |the )?(?:job |position |role )?` +
    String.raw`(?:offer )?(?:at|from|with)|signed (?:on )?with|landed (?:a |an )?(?:job|role|position) at` +
    String.raw`|am starting at|start(?:ed)? at|moved over to|switched (?:jobs |companies |employers )?to` +
    String.raw`|am (?:now )?(?:part of|on) the (?:[\p{L}-]+ )?team at)\s+` +
    String.raw`(?!a new job\b|work\b|home\b)`,
);
/** "Globex is my new employer": the organisation first. Case-sensitive, for its capital. */
const IS_MY_EMPLOYER = new RegExp(
  String.raw`^(\p{Lu}[\p{L}&.'-]*(?:\s+\p{Lu}[\p{L}&.'-]*){0,3}) is (?:now )?(?:my|our) (?:new |current )?` +
    String.raw`(?:employer|company|workplace|job|place of work)\b`,
  'u',
);
const HIRED_ME = new RegExp(
  String.raw`^(?:(?:so|and|well)\s+)?(\p{Lu}[\p{L}&.'-]*(?:\s+\p{Lu}[\p{L}&.'-]*){0,3})\s+(?:just ` +
    (String.raw`|finally |officially )?(?:hired|offered me a (?:job|role|position|contract|place)|took me on` +
      String.raw`|gave me a (?:job|role|position))\b`),
  'u',
);
/** "I got a job offer from Hooli and accepted it": an offer is an employer once taken. */
const OFFER_TAKEN = new RegExp(
  String.raw`(?:^|\b)(?:I|we) (?:just |finally |have |had )?(?:got|received|had|have) (?:a |an |the )?(?:new )?` +
    String.raw`(?:job |work )?offer (?:from|at|with) (.+?) and (?:I )?(?:accepted|took|signed)\b`,
  'iu',
);
const AT_NOW = pattern(String.raw`(?:^|\b)${SUBJ}\s+(?:am|are)\s+${ADV}(?:now\s+|currently\s+)?(?:at|with)\s+`);
const WORK_CONTEXT = new RegExp(
  String.raw`\b(?:jobs?|company|companies|employer|role|position|hired|team|career|boss|colleagues?` +
    String.raw`|coworkers?|offer|startup|firm|promotion|salary|onboarding|interview|workplace|employees?` +
    String.raw`|contract|new gig|work there|working there|work(?:ing|ed)? (?:at|for)|work-wise|job-wise|career-wise)\b`,
  'iu',
);
const BEEN_AT = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:have been|have worked|have spent \S+ (?:years|months))\s+` +
    String.raw`(at|with)\s+(?=\p{Lu})`,
);
const MY_COMPANY =
  /\bmy (?:new |current )?(?:company|employer|workplace|firm|job|work|office)(?:,|\s+is)?\s+(?=\p{Lu})/iu;
/** The turn says a job ended ("I don't work at Acme anymore"): "I'm at Globex" beside it is the new one. */
const WORK_ENDED = /\b(?:anymore|any more|no longer|left|quit|resigned|handed in my notice)\b/iu;
/** A named place the user left ("no longer at Acme", "escaped Acme"): "I'm at Globex" beside it is a workplace. */
const PLACE_LEFT = /\b(?:no longer at|not at|escaped|left|quit) \p{Lu}/u;
/** "starting at Globex next week": a new job about to begin, said beside the old one ending. */
const STARTING_AT = /\b(?:starting|start|begin|beginning|moving) (?:at|with)\s+(?=\p{Lu})/u;
const QUIT = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:(?:have|has)\s+)?(?:lost my (?:job|position) (?:at|with)|(?:handed|put|gave) in (?:my )?notice ` +
    String.raw`(?:at|to)` +
    String.raw`|gave (?:my )?notice (?:at|to)|quit|resigned from|walked out of` +
    String.raw`|got (?:fired|laid off|let go|sacked) (?:from|at|by)|was (?:fired|laid off|let go|sacked) ` +
    String.raw`(?:from|at|by)|left|stopped working (?:at|for))\s+(?:my (?:job|position|role|post) (?:at` +
    String.raw`|with)\s+)?`,
);
const FROM_TO = new RegExp(
  String.raw`\b(?:switched|moved|went|changed|jumped|transferred|left)\s+` +
    String.raw`(?:jobs\s+|companies\s+|employers\s+)?from\s+` +
    String.raw`(.+?)\s+(?:to|for)\s+(.+)$`,
  'iu',
);
const LEFT_FOR = /\bleft\s+(.+?)\s+for\s+(.+)$/iu;
const WORK_IN = pattern(SUBJ_OR_NONE, ADV, String.raw`(?:work|working)\s+${ADV}in\s+(${alternation(INDUSTRIES)})\b`);

const STUDY_AT = pattern(
  String.raw`(?:(?:^|\b)${SUBJ}\s+|^)${ADV}(?:started studying|began studying|study|am studying|have been studying` +
    String.raw`|studied|am a (?:\p{L}+ )?` +
    String.raw`(?:student|freshman|sophomore|junior|senior|undergrad|undergraduate|postgrad|grad student` +
    String.raw`|graduate student|phd student|phd candidate|doctoral student|masters student|master's student` +
    String.raw`|postdoc)|am enrolled|enrolled|have enrolled|got enrolled|registered|am doing (?:a |my )?` +
    String.raw`(?:degree|masters?|master's|phd|bachelor'?s?)(?: \p{L}+)?)\s+(?:at|in)\s+`,
);
const SCHOOL_VERB = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:(?:go|am going|attend|am attending|started|start|am now|am` +
    (String.raw`|started classes|started uni|started college|started university|started school|started my ` +
      String.raw`(?:degree|masters|phd)`) +
    (String.raw`|started (?:university|uni|college|grad school|school|my studies)|am studying)\s+(?:to` +
      String.raw`|at|in)|attend|am attending|transferred\s+`) +
    String.raw`(?:to|into)|(?:got accepted|was accepted|was admitted|have been accepted|have been admitted` +
    String.raw`|got a place|got a spot)\s+(?:to` +
    String.raw`|at|into|in)|got into|got in at)\s+`,
);
const GRADUATED = pattern(SUBJ_OR_NONE, ADV, String.raw`(?:graduated|dropped out|finished|left)\s+(?:from|of|at)\s+`);
const STUDYING = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:am studying|study|am majoring in|major in|am doing (?:a |my )?` +
    String.raw`(?:degree|masters?|master's|phd|bachelor'?s?|ba|bsc|ma|msc) in|am getting (?:a |my )?` +
    String.raw`(?:degree|masters?|master's|phd|bachelor'?s?) in|am (?:a|an) (?!\p{L}+ student at)(?=\p{L}+ ` +
    String.raw`(?:student|major)\b))\s+`,
);
const LANGUAGE = new RegExp(`^${alternation(LANGUAGES)}$`, 'iu');
const ACTIVITY = new RegExp(`^${alternation(ACTIVITIES)}$`, 'iu');
const SCHOOL_CONTEXT = new RegExp(
  String.raw`\b(?:school|college|uni|university|semester|term|degree|class|classes|course|major|masters?` +
    String.raw`|phd|student|campus|studies|studying|study|enrolled|transferred|freshman|sophomore|lectures?` +
    String.raw`|universities|unis|schools|colleges` +
    String.raw`|professor)\b`,
  'iu',
);

/** A job title at the start of `rest` whose last word is an occupation ("senior software engineer at…"). */
function role(rest: string, strict: boolean): string | undefined {
  const value = cutValue(rest.replace(/^\s*(?:full|part)[- ]time\s+/iu, ''), 'role');
  if (!value) return undefined;
  const words = value.split(/\s+/u);
  for (let n = words.length; n > 0; n--) {
    const head = words.slice(0, n);
    const last = head.at(-1)!.toLowerCase();
    const two = head.slice(-2).join(' ').toLowerCase();
    if (OCCUPATION.test(two) || OCCUPATION.test(last)) {
      if (strict && n === 1 && WEAK_OCCUPATIONS.has(last)) return undefined;
      return head.join(' ');
    }
  }
  return strict ? undefined : value;
}

/** The organisation after "at"/"for" that a role statement names ("nurse at St. Mary's"). */
function employerAfter(rest: string, value: string): string | undefined {
  const tail = rest.slice(rest.toLowerCase().indexOf(value.toLowerCase()) + value.length);
  const at = /^\s+(?:at|for|with)\s+(.+)$/iu.exec(tail);
  return at ? cutValue(at[1]!, 'org') : undefined;
}

function readJob(text: string): Proposal[] {
  let m = find(text, LEFT_JOB_AS);
  if (m) {
    const rest = after(text, m);
    const old = role(rest, false);
    const out = old ? [propose('job', old, 'retire', { dated: true })] : [];
    const next = find(rest, RETRAINED) ?? find(rest, WORK_AS) ?? find(rest, NEW_JOB_AS);
    const now = next ? role(after(rest, next), false) : undefined;
    if (now) out.push(propose('job', now, 'state', { replaces: old, dated: true }));
    return out;
  }
  m = find(text, IS_STATE);
  if (m) {
    const state = STATE_JOBS.exec(after(text, m));
    return state ? [propose('job', state[0], 'state', { dated: true })] : [];
  }
  m = find(text, RETIRED);
  if (m)
    return [
      propose(
        'job',
        /freelance/iu.test(m[0]) ? 'freelancing' : /self/iu.test(m[0]) ? 'self-employed' : 'retired',
        'state',
        { dated: true },
      ),
    ];
  for (const [re, strict] of [
    [WORK_AS, false],
    [AS_ROLE, true],
    [WORK_SOMEHOW_AS, true],
    [NEW_JOB_AS, false],
    [STARTED_AS, true],
    [RETRAINED, true],
    [MY_JOB_AS, false],
    [AS_A, true],
    [PROMOTED, false],
    [I_AM_A, true],
    [MY_JOB_IS, true],
    [MY_JOB_IS_LOOSE, true],
  ] as const) {
    m = find(text, re);
    if (!m) continue;
    const rest = after(text, m);
    const value = role(rest, strict);
    if (!value) continue;
    const out = [propose('job', value, 'state', { dated: true })];
    const org = employerAfter(rest, value);
    if (org) out.push(propose('employer', org, 'state', { dated: true }));
    return out;
  }
  const teach = TEACH.exec(text);
  if (teach && !NOT_TAUGHT_FOR_WORK.test(teach[1]!))
    return [
      propose('job', NOT_A_SUBJECT.test(teach[1]!) ? 'teacher' : `${teach[1]!.toLowerCase()} teacher`, 'state', {
        dated: true,
      }),
    ];
  return [];
}

function readEmployer(text: string, mentions: (topic: RegExp) => boolean): Proposal[] {
  const fromTo = FROM_TO.exec(text) ?? LEFT_FOR.exec(text);
  if (fromTo && (mentions(WORK_CONTEXT) || /jobs|compan|employer/iu.test(fromTo[0]))) {
    const now = cutValue(fromTo[2]!, 'org');
    const old = cutValue(fromTo[1]!, 'org');
    if (now && old)
      return [
        propose('employer', old, 'retire', { dated: true }),
        propose('employer', now, 'state', { replaces: old, dated: true }),
      ];
  }
  let m = find(text, QUIT);
  if (m) {
    const rest = after(text, m);
    const left = /\bleft\s/iu.test(m[0]) && !/my (?:job|position|role|post)/iu.test(m[0]);
    const org = cutValue(rest, 'org');
    const out: Proposal[] = [];
    if (
      org &&
      !/^(?:my|being|\p{L}+ing)\b/iu.test(org) &&
      !(left && SCHOOLISH.test(org)) &&
      (!left || (mentions(WORK_CONTEXT) && /^\p{Lu}/u.test(rest)))
    )
      out.push(propose('employer', org, 'retire', { dated: true }));
    // "I quit Acme and joined Globex", "I handed in my notice at Acme, starting at Globex next week".
    const next = find(rest, JOINED) ?? find(rest, STARTING_AT);
    const now = next ? cutValue(after(rest, next), 'org') : undefined;
    if (now && !/^(?:my|our|your)\s/iu.test(now)) out.push(propose('employer', now, 'state', { replaces: org }));
    return out;
  }
  m = find(text, WORK_AT) ?? find(text, EMPLOYED_BY) ?? find(text, JOINED);
  if (m) {
    const rest = after(text, m);
    const org = cutValue(rest, 'org');
    // "I joined Globex", not "I joined a nearby church": a bare "joined" needs a name.
    const bareJoin = /\bjoined\s*$/iu.test(m[0]) && !/^\p{Lu}/u.test(rest);
    return org && !bareJoin && !/^(?:my|our|your)\s/iu.test(org)
      ? [propose('employer', org, 'state', { dated: true })]
      : [];
  }
  m = find(text, BEEN_AT);
  if (m) {
    const rest = after(text, m);
    const org = cutValue(rest, 'org');
    const tail = org ? rest.slice(rest.indexOf(org) + org.length) : '';
    // "been with X for years" is an employer only in a turn about work (else it may be a partner).
    const work = m[1]!.toLowerCase() === 'at' || mentions(WORK_CONTEXT);
    if (org && work && /^\p{Lu}/u.test(rest) && /^\s+(?:ever\s+)?(?:for|since)\b/iu.test(tail) && !SCHOOLISH.test(org))
      return [propose('employer', org, 'state')];
  }
  m = find(text, MY_COMPANY);
  if (m) {
    const rest = after(text, m);
    const org = /^\p{Lu}/u.test(rest) ? cutValue(rest, 'org') : undefined;
    if (org) return [propose('employer', org, 'state')];
  }
  const named = IS_MY_EMPLOYER.exec(text);
  if (named) {
    const org = cutValue(named[1]!, 'org');
    return org ? [propose('employer', org, 'state', { dated: true })] : [];
  }
  const taken = OFFER_TAKEN.exec(text);
  if (taken) {
    const org = cutValue(taken[1]!, 'org');
    if (org && /^\p{Lu}/u.test(org)) return [propose('employer', org, 'state', { dated: true })];
  }
  const hired = HIRED_ME.exec(text);
  if (hired) {
    const org = cutValue(hired[1]!, 'org');
    return org ? [propose('employer', org, 'state', { dated: true })] : [];
  }
  m = find(text, AT_NOW);
  if (m && (mentions(WORK_CONTEXT) || (/\bat\s+$/iu.test(m[0]) && mentions(PLACE_LEFT)))) {
    const rest = after(text, m);
    const org = cutValue(rest, 'org');
    const now =
      /\bnow|currently\b/iu.test(m[0]) ||
      mentions(WORK_ENDED) ||
      /^\s*(?:now|since|for)\b/iu.test(rest.slice(org ? rest.indexOf(org) + org.length : 0));
    if (org && now && /^\p{Lu}/u.test(rest) && !SCHOOLISH.test(org))
      return [propose('employer', org, 'state', { dated: true })];
  }
  m = find(text, WORK_IN);
  if (m) return [propose('industry', m[1]!.toLowerCase(), 'state', { dated: true })];
  return [];
}

/** "I'm in my first year at UBC", "I'm a first year at MIT". */
const YEAR_AT = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+(?:am|are)\s+${ADV}(?:in (?:my|our|the)|an?) (?:first|second|third|fourth|final` +
    String.raw`|last|1st|2nd|3rd|4th)[- ]year(?: student| undergrad)? (?:at|of)\s+(?=\p{Lu})`,
);
/** "I switched universities, I'm at UBC this year": the user at a school, in a turn about study. */
const AT_SCHOOL_NOW = pattern(String.raw`(?:^|\b)${SUBJ}\s+(?:am|are)\s+${ADV}(?:now\s+|currently\s+)?at\s+(?=\p{Lu})`);
const SCHOOL_TIME = /\b(?:now|this (?:year|semester|term|fall|autumn)|these days|since)\b/iu;
const SCHOOL_FROM_TO = new RegExp(
  String.raw`\b(?:switched|transferred|moved|changed|went)\s+(?:schools\s+|universities\s+|unis\s+` +
    String.raw`|colleges\s+)?from\s+(.+?)\s+(?:to|for)\s+(.+)$`,
  'iu',
);
const LEFT_SCHOOL = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:left|quit|dropped out of|transferred out of|finished at|graduated)\s+(?:from\s+)?`,
);

function readSchool(text: string, mentions: (topic: RegExp) => boolean): Proposal[] {
  const fromTo = SCHOOL_FROM_TO.exec(text);
  if (fromTo) {
    const now = cutValue(fromTo[2]!, 'org');
    const old = cutValue(fromTo[1]!, 'org');
    if (
      now &&
      old &&
      (SCHOOLISH.test(now) || SCHOOLISH.test(old) || mentions(SCHOOL_CONTEXT)) &&
      !mentions(WORK_CONTEXT)
    )
      return [propose('school', now, 'state', { replaces: old, dated: true })];
  }
  let m = find(text, LEFT_SCHOOL);
  if (m && !/graduated|dropped|finished/iu.test(m[0])) {
    const school = cutValue(after(text, m), 'org');
    if (school && SCHOOLISH.test(school)) return [propose('school', school, 'retire', { dated: true })];
  }
  m = find(text, GRADUATED);
  if (m) {
    const school = cutValue(after(text, m), 'org');
    if (!school || !SCHOOLISH.test(school)) return [];
    const verb = /dropped/iu.test(m[0])
      ? 'dropped out of'
      : /graduated/iu.test(m[0])
        ? 'graduated from'
        : 'finished at';
    return [propose('school', school, 'retire', { text: `The user ${verb} ${school}.`, dated: true })];
  }
  m = find(text, AT_SCHOOL_NOW);
  if (m && SCHOOL_TIME.test(text) && mentions(SCHOOL_CONTEXT) && !mentions(WORK_CONTEXT)) {
    const school = cutValue(after(text, m), 'org');
    if (school) return [propose('school', school, 'state', { dated: true })];
  }
  m = find(text, YEAR_AT);
  if (m) {
    const school = cutValue(after(text, m), 'org');
    if (school) return [propose('school', school, 'state', { dated: true })];
  }
  m = find(text, STUDY_AT);
  if (m) {
    const school = cutValue(after(text, m), 'org');
    if (school && (SCHOOLISH.test(school) || /\bat\s*$/iu.test(m[0])))
      return [propose('school', school, 'state', { dated: true })];
  }
  m = find(text, SCHOOL_VERB);
  if (m) {
    const rest = after(text, m);
    // "accepted into Berkeley's master's program": the school, not its programme.
    const school = cutValue(rest.replace(/^(\p{Lu}[^']{0,60}?)'s\s+\S.*$/u, '$1'), 'org');
    const admitted = /got into|accepted|admitted|transferred|got a place|got a spot/iu.test(m[0]);
    const named = /^\p{Lu}/u.test(rest) && !ACTIVITY.test(school ?? '');
    const acronym = /^\p{Lu}{2,6}$/u.test(school ?? '');
    if (school && (SCHOOLISH.test(school) || (admitted && named) || (acronym && mentions(SCHOOL_CONTEXT))))
      return [propose('school', school, 'state', { dated: true })];
  }
  m = find(text, STUDYING);
  if (m) {
    const at = /\b(?:at|in)\s+(\p{Lu}.*)$/u.exec(after(text, m));
    const school = at ? cutValue(at[1]!, 'org') : undefined;
    const out = school && SCHOOLISH.test(school) ? [propose('school', school, 'state', { dated: true })] : [];
    const subject = cutValue(after(text, m), 'thing');
    if (
      subject &&
      !LANGUAGE.test(subject) &&
      !/^(?:for|hard|a lot|abroad|late|online|part-time|full-time)\b/iu.test(subject)
    )
      out.unshift(propose('study', subject.replace(/\s+(?:student|major)$/iu, ''), 'state', { dated: true }));
    return out;
  }
  return [];
}

/** Reads job title, employer, industry, school and subject of study. */
export const readWork: Reader = ({ text, turnMentions }) => {
  if (!GATE.test(text)) return [];
  return [
    ...(JOB_GATE.test(text) ? readJob(text) : []),
    ...(EMPLOYER_GATE.test(text) ? readEmployer(text, turnMentions) : []),
    ...(SCHOOL_GATE.test(text) ? readSchool(text, turnMentions) : []),
  ];
};

/** Cheap tests before each part's patterns. */
const JOB_GATE = new RegExp(
  String.raw`\b(?:as an?|work\w*|employ\w*|hired|job|role|position|title|profession|occupation|promoted` +
    String.raw`|became|become|been|am (?:an?|now)|retire\w*|unemployed|self-employed|freelanc\w*|between jobs` +
    String.raw`|out of work|stay-at-home|leave|jobless|trained|retrained|qualified|teach\w*|probation|internship` +
    String.raw`|apprenticeship)\b`,
  'iu',
);
const EMPLOYER_GATE = new RegExp(
  String.raw`\b(?:work\w*|intern\w*|employ\w*|contract\w*|hired|recruited|headhunted|joined|join|start\w*` +
    String.raw`|job|position|role|offer|quit|resign\w*|walked out|fired|laid off|let go|sacked|lost my` +
    String.raw`|left|switched|moved|went|changed|jumped|transferred|been|spent|company|firm|workplace` +
    String.raw`|office|signed|landed|at|with|poached|snapped up|brought on|taken on)\b`,
  'iu',
);
const SCHOOL_GATE = new RegExp(
  String.raw`\bat \p{Lu}|\b(?:at|stud\w*|student|freshman|sophomore|junior|senior|undergrad\w*|postgrad|grad|phd` +
    String.raw`|doctoral|masters?|master's|postdoc|enrol\w*|registered|degree|bachelor'?s?|major\w*` +
    String.raw`|year|go|going|attend\w*|start\w*|transferred|accepted|admitted|got into|got in|got a (?:place` +
    String.raw`|spot)|graduat\w*|dropped out|finished|left|quit|switched|moved|changed|school|college` +
    String.raw`|uni|university)\b`,
  'iu',
);

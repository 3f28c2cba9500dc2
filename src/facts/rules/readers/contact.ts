/**
 * Contact details the user gives: phone ("my number is 555-0100", "my new number is …", "call me
 * on …", "I changed my number to …"), email ("my email is ada@example.com", "email me at …") and
 * postal address ("my address is 12 Rue Mercière, Lyon").
 * @module
 */
import { propose, type Proposal, type Reader } from '../reader.js';

const GATE = new RegExp(
  String.raw`\b(?:it is|its|new one|number|phone|mobile|cell|no\.|#|digits|call|text|reach|ring|whatsapp` +
    String.raw`|message|contact|e-?mail|mail|address|write|use|send)\b|@`,
  'iu',
);

const PHONE = String.raw`(\+?\(?\d[\d\s().\-/]{5,22}\d)`;
const MY_NUMBER = new RegExp(
  String.raw`\b(?:(?:my|our)\s+(?:(?:new|cell|mobile|home|work|phone|cell phone|mobile phone|personal` +
    (String.raw`|private|current|updated|uk|us)\s+)*(?:(?:phone|cell|mobile)(?:\s+(?:number|no\.?|#))?` +
      String.raw`|number|no\.?|#|digits)`) +
    String.raw`|(?:^|[:,]\s*)new\s+(?:(?:phone|mobile|cell)(?:\s+(?:number|no\.?|#))?` +
    String.raw`|number|no\.?|#))\s*(?:is\s+now|is|now|:|=|-|–)?\s*(?:now\s+)?${PHONE}`,
  'iu',
);
/** "Update my contact: 555-0199" ("update" may be dropped as filler): the user's own details, changed. */
const UPDATE_CONTACT = new RegExp(
  String.raw`(?:\bupdate\s+|\bchange\s+|\bset\s+|^)my (?:contact|contact info|contact details|details` +
    String.raw`|(?:phone |mobile |cell )?` +
    String.raw`(?:number|no\.?))\s*(?::|to|-)\s*${PHONE}`,
  'iu',
);
const CALL_ME = new RegExp(
  String.raw`\b(?:call|text|reach|contact|ring|whatsapp|message|phone|sms)\s+me\s+(?:at|on|via)\s+${PHONE}`,
  'iu',
);
const CHANGED_NUMBER = new RegExp(
  String.raw`\bI\s+(?:have\s+)?(?:just\s+)?(?:changed|switched|updated|got)\s+(?:my\s+)?(?:phone\s+` +
    String.raw`|mobile\s+|cell\s+)?(?:number|no\.?)\s+(?:to|:)\s*${PHONE}`,
  'iu',
);
const NUMBER_CHANGED = new RegExp(
  String.raw`\bmy (?:(?:phone|cell|mobile|contact|new)\s+)?(?:number|no\.?)\s+(?:has\s+)?(?:changed|is changing` +
    String.raw`|switched)\s+(?:to|:)\s*${PHONE}`,
  'iu',
);
const USE_NUMBER = new RegExp(
  String.raw`\b(?:use|try|save|add)\s+${PHONE}\s+(?:to (?:reach|call|text|contact) me|for me|as my (?:new )?number)`,
  'iu',
);
const NUMBER_IS_MINE = new RegExp(
  String.raw`^${PHONE}\s+is\s+(?:now\s+)?my\s+(?:new\s+)?(?:phone\s+|cell\s+|mobile\s+)?(?:number|no\.?)`,
  'iu',
);
/** "The best way to reach me is 555-0199 now", "best number for me is …": the contact the user gives. */
const BEST_WAY =
  String.raw`\b(?:the )?(?:best|easiest|quickest|fastest|only) (?:way|number|place|address|e-?mail) ` +
  String.raw`(?:to (?:reach|contact|call|text|get hold of|email|e-mail|get) me|for me)(?: now| these days)? is ` +
  String.raw`(?:now |still )?`;
const BEST_NUMBER = new RegExp(BEST_WAY + PHONE, 'iu');
const OLD_NUMBER = new RegExp(
  String.raw`\bmy old (?:phone |mobile |cell )?(?:number|no\.?)\s*,?\s*${PHONE}\s*,?\s*(?:no longer works` +
    String.raw`|is (?:gone|dead|disconnected|no longer (?:in use|active|valid))|does not work)`,
  'iu',
);

const IT_IS = new RegExp(
  String.raw`(?:^|[,:;]\s*)(?:it is|it's|its|the new one is|the new number is|new one is|now it is` +
    String.raw`|it is now)\s*:?\s*${PHONE}`,
  'iu',
);
/** "phone is …", "cell: …" in a turn about the user's own contact details. */
const GOT_NUMBER = new RegExp(
  String.raw`\bI (?:have|got|have got) (?:a )?new (?:phone |mobile |cell )?(?:number|no\.?)\s*(?:[:,-]\s*)?` +
    String.raw`(?:which is|it is|it's|now|is)?\s*${PHONE}`,
  'iu',
);
const BARE_NUMBER = new RegExp(
  String.raw`(?:^|[:,]\s*)(?:phone|cell|mobile|number)(?:\s+number)?\s*(?:is\s+now|is|:|=)\s*${PHONE}`,
  'iu',
);
/** The turn says the user's number changed, whoever's words open it. */
const NEW_NUMBER_TALK = new RegExp(
  String.raw`\b(?:I|we) (?:just |finally )?(?:got|have|get|have got) a new (?:phone |mobile |cell )?number\b` +
    String.raw`|\bmy (?:old|new) (?:phone |mobile |cell )?number\b` +
    String.raw`|\b(?:the|my) old (?:phone |mobile |cell )?number (?:is|was|has been) (?:gone|dead|disconnected` +
    String.raw`|cancell?ed|cut off)`,
  'iu',
);
/** Someone else's number in the turn ("my mom's new number", "her number"). */
const SOMEONE_ELSES_NUMBER = new RegExp(
  String.raw`\b(?:his|her|their|your|[\p{L}-]+'s) (?:new |old )?(?:phone |cell |mobile )?(?:number|no\.?)\b` +
    // "My mom got a new number": someone of the user's whose number it is.
    String.raw`|\b(?:my|our) (?!own\b)[\p{L}-]+ (?:just )?(?:got|has|have|changed|gave me) (?:a |her |his ` +
    String.raw`|their )?new (?:phone |cell |mobile )?number`,
  'iu',
);
/** A number given after a mark or "is", or as what the clause ends with. */
const GIVEN_NUMBER = new RegExp(String.raw`(?:[:=]|\bis|\s[-–]|\bnew (?:one|number))\s*${PHONE}\s*[.!]*$`, 'iu');
const OWN_CONTACT = /\b(?:my|me|I)\b|\bnew (?:sim|phone|sim card)\b/iu;
const MY_NUMBER_TALK = new RegExp(
  String.raw`\b(?:my|changed|switched|new) (?:(?:new|phone|mobile|cell|home|work|old)\s+)*(?:phone\s+)?` +
    String.raw`(?:numbers?|no\.?)\b|\b(?:reach|call|text|ring|whatsapp) (?:me|us)\b`,
  'iu',
);
/**
 * "use 555-0199", "write to ada@new.example": an imperative giving a number or an address, in a
 * turn about the user's own contact details or saying it holds from now on.
 */
const USE_CONTACT = (value: string): RegExp =>
  new RegExp(
    String.raw`(?:^|[,;:]\s*)(?:please\s+|pls\s+|plz\s+|just\s+)?(?:use|write to|try|save|add` +
      String.raw`|send (?:everything|it all|all (?:my )?(?:mail|e-?mails|stuff|messages)|stuff|things|anything` +
      String.raw`|it|them` +
      String.raw`|messages|mail|e-?mails)\s+to)\s+` +
      String.raw`(?:me\s+at\s+)?${value}` +
      // Said of the user, not of a purpose ("use … for the office").
      String.raw`(?=\s*(?:for (?:anything|everything|all|all of it|whatever|stuff|things)\s*)?` +
      String.raw`(?:from now on|going forward|moving forward|from here on|instead|now)?\s*` +
      String.raw`(?:$|[,.!;]|please|pls|plz|to (?:reach|contact|email|text|call) me))`,
    'iu',
  );
const USE_NUMBER_NOW = USE_CONTACT(String.raw`(\+?\(?\d[\d\s().\-/]{5,22}\d)`);
const FROM_NOW_ON = /\b(?:from now on|going forward|moving forward|from here on|from today|instead)\b/iu;

const EMAIL = String.raw`([\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)`;
const MY_EMAIL = new RegExp(
  String.raw`\b(?:my|our)\s+(?:(?:new|work|personal|school|private|current|main|primary|gmail)\s+)*` +
    String.raw`(?:e-?mail|mail)(?:\s+address)?\s*(?:is\s+now|is|now|:|=|-)?\s*${EMAIL}`,
  'iu',
);
const BEST_EMAIL = new RegExp(BEST_WAY + EMAIL, 'iu');
const EMAIL_ME = new RegExp(
  String.raw`\b(?:email|e-mail|mail|write|reach|contact)\s+(?:to\s+)?me\s+(?:by (?:e-?mail|mail)\s+)?(?:at|on|via)\s+` +
    String.raw`${EMAIL}`,
  'iu',
);
/**
 * An address said with the user's own verb or possessive in a clause about email: "I switched to
 * ada@example.com for email", "my email changed, it's …", "update my email to …", "my address is
 * …", "I use …". An email address names its own kind, so the sentence around it only has to be
 * the user's: someone else's ("my sister's email") and questions never reach here.
 */
const OWN_EMAIL = new RegExp(
  String.raw`(?:\b(?:I|we)\s+(?:have\s+|am\s+)?(?:just\s+|now\s+|only\s+)?(?:switched|moved|changed|use|am using` +
    String.raw`|have|got|set up|made|created)\s+(?:to\s+|over to\s+)?` +
    String.raw`(?:a new (?:e-?mail|address|account)\s*(?::|-)?\s*)?` +
    String.raw`|\bupdate\s+my\s+(?:e-?mail|mail|contact)(?:\s+address)?\s+to\s+` +
    String.raw`|\bmy\s+(?:new\s+)?(?:e-?mail\s+)?address\s+is\s+(?:now\s+)?` +
    String.raw`|(?:^|[,;:]\s*)(?:it is|it's|its|the new one is|now it is|it is now)\s+)${EMAIL}`,
  'iu',
);
/** The clause or turn is about the user's email, so "it's …" and "I use …" name it. */
const EMAIL_TALK = /\b(?:my\s+(?:(?:new|old|current)\s+)?(?:e-?mail|mail|address)|e-?mails?\b)/iu;
/**
 * An address in a clause of the user's own ("I made a new email, …", "I'm on … now", "changed
 * emails, it's …"): an address names its kind, so a first-person subject or a word of change is
 * enough, unless the clause or the turn gives it to someone else ("Her email: …", "my colleague's
 * email", "it's my accountant's address", "support email", "an email from …").
 */
const LOOSE_EMAIL = new RegExp(String.raw`(?:^|[\s:,;(])${EMAIL}`, 'u');
const MINE = /(?:^|[^\p{L}'])(?:I|we|me|us|my|our)(?![\p{L}'])|\b(?:new|changed|switched|made|created|set up)\b/iu;
const SOMEONE_ELSES_ADDRESS = new RegExp(
  String.raw`[\p{L}]'s\b|\b(?:his|her|their|your|support|office|team|company|shop|store|sales|info|from|to the` +
    String.raw`|for the|invoice|invoices|tickets?|newsletter|spam` +
    // An address the user writes to, sends to or signs up with is someone's inbox, not theirs.
    String.raw`|e-?mailed|mailed|sent|send|sending|wrote|write|writing|contact\w*|forward\w*|cc|bcc|repl(?:y|ied)` +
    String.raw`|messag\w*|appl(?:y|ied)|subscrib\w*|unsubscrib\w*|signed up|regist\w*|got|received)\b`,
  'iu',
);
/** A clause that denies or ends what it names. */
const NOT_NOW = /\b(?:not|no longer|anymore|any more|never|old|dead|stopped|quit|used to|was|were)\b/iu;
const OTHER_OWNER = /\b(?:(?:my|our|his|her|their|the)\s+[\p{L}-]+'s|someone else's)\s+(?:e-?mail|mail|address)\b/iu;
/** "I no longer use ada@old.example": an address given up, read as its denial. */
const DROP_EMAIL = new RegExp(
  String.raw`\b(?:I|we)\s+(?:do not|no longer|don't|do not really|stopped|quit)\s+` +
    String.raw`(?:use|using|check|checking)\s+${EMAIL}`,
  'iu',
);

const USE_EMAIL_NOW = USE_CONTACT(EMAIL);
/** "I've moved to ada@new.example": an address the user changed to needs no word for email around it. */
const MOVED_TO_EMAIL = new RegExp(
  String.raw`\b(?:I|we)\s+(?:have\s+)?(?:just\s+|now\s+)?(?:switched|moved|changed|migrated)\s+` +
    String.raw`(?:over\s+)?to\s+${EMAIL}`,
  'iu',
);
/** "ada@old.example is dead", "… is no longer monitored": an address given up. */
const DEAD_EMAIL = new RegExp(
  String.raw`${EMAIL}\s*,?\s+(?:is|has been)\s+(?:now\s+)?(?:dead|gone|closed|inactive|deactivated|deleted` +
    String.raw`|shut down|no longer (?:monitored|active|in use|used|checked|valid|working))` +
    String.raw`|\b(?:e-?mails?|mail) (?:sent )?to\s+${EMAIL}\s+(?:will|would|now|all|just)?\s*` +
    String.raw`(?:bounce|bounces|get lost)`,
  'iu',
);

const CHANGED_EMAIL = new RegExp(
  String.raw`\bI\s+(?:have\s+)?(?:just\s+)?(?:changed|switched|updated|moved)\s+my\s+(?:e-?mail|mail)` +
    String.raw`(?:\s+address)?\s+(?:to|:)\s*${EMAIL}`,
  'iu',
);

const MY_ADDRESS = /\bmy (?:new |home |mailing |postal |current |street )?address is (?:now )?([^;!?"]{6,100})/iu;

function phone(raw: string): string | undefined {
  const value = raw.trim().replace(/[\s.\-/]+$/u, '');
  const digits = value.replace(/\D/gu, '').length;
  return digits >= 7 && digits <= 15 ? value : undefined;
}

function email(raw: string): string {
  return raw.replace(/\.+$/u, '');
}

/** Reads the user's phone number, email and postal address. */
export const readContact: Reader = ({ text, turnMentions }) => {
  if (!GATE.test(text)) return [];
  const out: Proposal[] = [];
  const old = OLD_NUMBER.exec(text);
  const oldValue = old ? phone(old[1]!) : undefined;
  if (oldValue) out.push(propose('phone', oldValue, 'retire'));
  const number =
    CHANGED_NUMBER.exec(text) ??
    NUMBER_CHANGED.exec(text) ??
    USE_NUMBER.exec(text) ??
    NUMBER_IS_MINE.exec(text) ??
    GOT_NUMBER.exec(text) ??
    MY_NUMBER.exec(text) ??
    UPDATE_CONTACT.exec(text) ??
    CALL_ME.exec(text) ??
    BEST_NUMBER.exec(text) ??
    (turnMentions(MY_NUMBER_TALK) && !turnMentions(SOMEONE_ELSES_NUMBER)
      ? (IT_IS.exec(text) ?? USE_NUMBER_NOW.exec(text))
      : null) ??
    (FROM_NOW_ON.test(text) ? USE_NUMBER_NOW.exec(text) : null) ??
    (turnMentions(OWN_CONTACT) ? BARE_NUMBER.exec(text) : null) ??
    // "I got a new number, save it: 555-0199", "the old number is gone. New one: 555-0199".
    (turnMentions(NEW_NUMBER_TALK) && !turnMentions(SOMEONE_ELSES_NUMBER) ? GIVEN_NUMBER.exec(text) : null);
  const value = number && !/\bold\b/iu.test(number[0]) ? phone(number[1]!) : undefined;
  if (value) out.push(propose('phone', value, 'state', { dated: true }));
  const dead = turnMentions(EMAIL_TALK) || FROM_NOW_ON.test(text) ? DEAD_EMAIL.exec(text) : null;
  const deadValue = dead ? email((dead[1] ?? dead[2])!) : undefined;
  if (deadValue) out.push(propose('email', deadValue, 'retire'));
  const mail =
    CHANGED_EMAIL.exec(text) ??
    MY_EMAIL.exec(text) ??
    EMAIL_ME.exec(text) ??
    BEST_EMAIL.exec(text) ??
    MOVED_TO_EMAIL.exec(text) ??
    (turnMentions(EMAIL_TALK) ? (OWN_EMAIL.exec(text) ?? USE_EMAIL_NOW.exec(text)) : null) ??
    (FROM_NOW_ON.test(text) ? USE_EMAIL_NOW.exec(text) : null) ??
    (MINE.test(text) && !NOT_NOW.test(text) && !SOMEONE_ELSES_ADDRESS.test(text) && !turnMentions(OTHER_OWNER)
      ? LOOSE_EMAIL.exec(text)
      : null);
  if (mail && !/\bold\b/iu.test(mail[0]) && deadValue !== email(mail[1]!))
    out.push(propose('email', email(mail[1]!), 'state', { dated: true }));
  const dropped = DROP_EMAIL.exec(text);
  if (dropped && !out.some((p) => p.attribute === 'email' && p.value === email(dropped[1]!)))
    out.push(propose('email', email(dropped[1]!), 'retire'));
  const address = MY_ADDRESS.exec(text);
  if (address) {
    const value = address[1]!.trim().replace(/[.,\s]+$/u, '');
    if (/\d/u.test(value) || value.split(/\s+/u).length >= 3)
      out.push(propose('address', value, 'state', { dated: true }));
  }
  return out;
};

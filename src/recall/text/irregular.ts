/**
 * English irregular forms mapped to their base word before stemming, where suffix stripping
 * cannot see the relation: "bought" → buy, "ran" → run, "children" → child, "went" → go.
 * @module
 */

// base: forms. Common irregular verbs (past, participle) and nouns (plural).
const TABLE =
  'arise:arose,arisen awake:awoke,awoken bear:borne beat:beaten become:became begin:began,begun ' +
  'bend:bent bet: bid: bite:bit,bitten bleed:bled blow:blew,blown break:broke,broken ' +
  'breed:bred bring:brought build:built burn:burnt buy:bought catch:caught choose:chose,chosen ' +
  'cling:clung come:came creep:crept deal:dealt dig:dug draw:drew,drawn dream:dreamt drink:drank,drunk ' +
  'drive:drove,driven eat:ate,eaten fall:fell,fallen feed:fed feel:felt fight:fought find:found ' +
  'flee:fled fly:flew,flown forbid:forbade,forbidden forget:forgot,forgotten forgive:forgave,forgiven ' +
  'freeze:froze,frozen get:got,gotten give:gave,given go:went,gone,goes grow:grew,grown ' +
  'hang:hung hear:heard hide:hid,hidden hold:held keep:kept kneel:knelt know:knew,known lay:laid ' +
  'lead:led lean:leant leap:leapt learn:learnt leave:left lend:lent lie:lain light:lit lose:lost ' +
  'make:made mean:meant meet:met mistake:mistook,mistaken overcome:overcame pay:paid ride:rode,ridden ' +
  'ring:rang,rung rise:risen run:ran say:said see:saw,seen seek:sought sell:sold send:sent ' +
  'sew:sewn shake:shook,shaken shine:shone shoot:shot show:shown shrink:shrank,shrunk sing:sang,sung ' +
  'sink:sank,sunk sit:sat sleep:slept slide:slid speak:spoke,spoken speed:sped spend:spent spin:spun ' +
  'spit:spat stand:stood steal:stole,stolen stick:stuck sting:stung stink:stank,stunk strike:struck ' +
  'swear:swore,sworn sweep:swept swim:swam,swum swing:swung take:took,taken teach:taught ' +
  'tear:tore,torn tell:told think:thought throw:threw,thrown understand:understood wake:woke,woken ' +
  'wear:wore,worn weave:wove,woven weep:wept win:won write:wrote,written ' +
  'child:children man:men woman:women person:people foot:feet tooth:teeth mouse:mice goose:geese ' +
  'ox:oxen wife:wives knife:knives wolf:wolves half:halves shelf:shelves';

const IRREGULAR = new Map<string, string>();
for (const entry of TABLE.split(' ')) {
  const [base, forms] = entry.split(':') as [string, string];
  for (const form of forms.split(',')) if (form) IRREGULAR.set(form, base);
}

/** The base word of an irregular form, or the word itself. */
export function baseForm(word: string): string {
  return IRREGULAR.get(word) ?? word;
}

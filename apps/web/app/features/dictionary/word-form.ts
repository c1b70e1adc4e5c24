/**
 * What form of its base word a looked-up word is, in the words a dictionary uses: "went" is the past tense of
 * "go", "children" the plural of "child", "bigger" the comparative of "big". The server's WordNet lookup finds
 * the base (its exception lists and suffix rules, like WordNet's own morphy); this names the relation from
 * the two words and the base's parts of speech. When nothing fits for sure, it says "a form of".
 */

/**
 * English irregular verbs whose past tense and past participle differ from the regular "-ed": base, past
 * tense, past participle (several spellings separated by '/'). Where past and participle are the same word
 * ("made"), the description says both.
 */
const irregularVerbs = `arise arose arisen|awake awoke awoken|be was/were been|bear bore borne/born|beat beat beaten|
become became become|begin began begun|bend bent bent|bet bet bet|bind bound bound|bite bit bitten|bleed bled bled|
blow blew blown|break broke broken|breed bred bred|bring brought brought|build built built|burn burnt burnt|
burst burst burst|buy bought bought|catch caught caught|choose chose chosen|cling clung clung|come came come|
cost cost cost|creep crept crept|cut cut cut|deal dealt dealt|dig dug dug|do did done|draw drew drawn|
dream dreamt dreamt|drink drank drunk|drive drove driven|eat ate eaten|fall fell fallen|feed fed fed|feel felt felt|
fight fought fought|find found found|flee fled fled|fly flew flown|forbid forbade forbidden|forget forgot forgotten|
forgive forgave forgiven|freeze froze frozen|get got got/gotten|give gave given|go went gone|grind ground ground|
grow grew grown|hang hung hung|have had had|hear heard heard|hide hid hidden|hit hit hit|hold held held|
hurt hurt hurt|keep kept kept|kneel knelt knelt|know knew known|lay laid laid|lead led led|lean leant leant|
leap leapt leapt|learn learnt learnt|leave left left|lend lent lent|let let let|lie lay lain|light lit lit|
lose lost lost|make made made|mean meant meant|meet met met|pay paid paid|put put put|quit quit quit|read read read|
ride rode ridden|ring rang rung|rise rose risen|run ran run|say said said|see saw seen|seek sought sought|
sell sold sold|send sent sent|set set set|shake shook shaken|shine shone shone|shoot shot shot|show showed shown|
shrink shrank shrunk|shut shut shut|sing sang sung|sink sank sunk|sit sat sat|sleep slept slept|slide slid slid|
speak spoke spoken|speed sped sped|spend spent spent|spin spun spun|split split split|spread spread spread|
spring sprang sprung|stand stood stood|steal stole stolen|stick stuck stuck|sting stung stung|stink stank stunk|
strike struck struck|swear swore sworn|sweep swept swept|swim swam swum|swing swung swung|take took taken|
teach taught taught|tear tore torn|tell told told|think thought thought|throw threw thrown|tread trod trodden|
understand understood understood|wake woke woken|wear wore worn|weave wove woven|weep wept wept|win won won|
wind wound wound|write wrote written`;

type VerbForms = { past: readonly string[]; participle: readonly string[] };

let verbs: Map<string, VerbForms> | undefined;
function irregular(): Map<string, VerbForms> {
  if (verbs) return verbs;
  verbs = new Map();
  for (const row of irregularVerbs.split('|')) {
    const [base, past, participle] = row.trim().split(' ');
    if (base && past && participle)
      verbs.set(base, { past: past.split('/'), participle: participle.split('/') });
  }
  return verbs;
}

const irregularAdjectives: Record<string, { comparative: string; superlative: string }> = {
  good: { comparative: 'better', superlative: 'best' },
  well: { comparative: 'better', superlative: 'best' },
  bad: { comparative: 'worse', superlative: 'worst' },
  far: { comparative: 'farther', superlative: 'farthest' },
  little: { comparative: 'less', superlative: 'least' },
  many: { comparative: 'more', superlative: 'most' },
  much: { comparative: 'more', superlative: 'most' },
};

const irregularPlurals = new Set([
  'children',
  'men',
  'women',
  'people',
  'mice',
  'feet',
  'teeth',
  'geese',
  'oxen',
  'lice',
  'dice',
]);

/** "children", "cacti", "criteria", "data", "larvae": plurals without an s. */
function irregularPlural(word: string, lemma: string): boolean {
  if (irregularPlurals.has(word)) return true;
  if (word.endsWith('i') && lemma.endsWith('us')) return true;
  if (word.endsWith('a') && (lemma.endsWith('um') || lemma.endsWith('on'))) return true;
  return word.endsWith('ae') && lemma.endsWith('a');
}

/**
 * The relation of `form` to `base` ("past tense of", "plural of", …) given the parts of speech the base has
 * in the answer ('noun', 'verb', 'adjective', …).
 */
export function describeWordForm(form: string, base: string, partsOfSpeech: readonly string[]): string {
  const word = form.toLowerCase();
  const lemma = base.toLowerCase();
  const has = (part: string) => partsOfSpeech.includes(part);
  const relations: string[] = [];

  const endsInS = word.endsWith('s') && !word.endsWith('ss') && !lemma.endsWith('s');
  if (has('verb')) {
    const forms = irregular().get(lemma);
    if (forms) {
      const isPast = forms.past.includes(word);
      const isParticiple = forms.participle.includes(word);
      if (isPast && isParticiple) relations.push('past tense and past participle');
      else if (isPast) relations.push('past tense');
      else if (isParticiple) relations.push('past participle');
    } else if (word.endsWith('ed')) relations.push('past tense and past participle');
    if (word.endsWith('ing')) relations.push('present participle');
    if (endsInS) relations.push('third person singular');
  }
  // A noun's form is its plural: "children", "boxes"; never one the verb rules above already named.
  if (has('noun') && (endsInS || irregularPlural(word, lemma))) {
    relations.push('plural');
  }
  if (has('adjective') || has('adverb')) {
    const irregularForms = irregularAdjectives[lemma];
    if (irregularForms?.comparative === word || (!irregularForms && word.endsWith('er'))) {
      relations.push('comparative');
    } else if (irregularForms?.superlative === word || (!irregularForms && word.endsWith('est'))) {
      relations.push('superlative');
    }
  }

  // One relation named for sure; two ("runs": plural of the noun, or the verb's third person) read as "a form".
  return relations.length === 1 ? `${relations[0]} of` : 'a form of';
}

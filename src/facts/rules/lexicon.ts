/**
 * The word lists the readers check values against: occupations, languages, nationalities,
 * diets, pets, health conditions, activities, events. Lower case; `alternation` turns a list
 * into a regular-expression group (longest first, so "guinea pig" wins over "pig").
 * @module
 */

/** A non-capturing group matching any word of `words` (escaped, longest first). */
export function alternation(words: readonly string[]): string {
  const sorted = [...words].sort((a, b) => b.length - a.length);
  return `(?:${sorted.map((w) => w.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&').replace(/ /gu, '\\s+')).join('|')})`;
}

/**
 * Capitalised words of the calendar (days, months, two holidays), as an alternation without a
 * group: the readers' lists of capitalised words that are never a name or a place hold them all.
 */
export const CALENDAR_NAMES =
  'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August' +
  '|September|October|November|December|Christmas|Easter';

/** Heads of job titles ("software engineer" ends in "engineer"). */
export const OCCUPATIONS: readonly string[] = (
  'accountant|actor|actress|administrator|advisor|adviser|agent|analyst|animator|anesthesiologist|anaesthetist|' +
  'archaeologist|architect|artist|assistant|associate|astronaut|astronomer|athlete|attorney|auditor|author|baker|' +
  'banker|barber|barista|bartender|biologist|blogger|bookkeeper|builder|butcher|buyer|carpenter|cashier|caregiver|' +
  'carer|ceo|cfo|cto|chef|chemist|chiropractor|cleaner|clerk|coach|coder|comedian|composer|consultant|contractor|' +
  'cook|copywriter|counselor|counsellor|courier|curator|dancer|data scientist|dentist|designer|detective|developer|' +
  'dietitian|dietician|diplomat|director|doctor|driver|economist|editor|educator|electrician|engineer|entrepreneur|' +
  'executive|farmer|firefighter|fireman|founder|co-founder|freelancer|gardener|geologist|graphic designer|guard|' +
  'hairdresser|hairstylist|historian|housekeeper|illustrator|influencer|inspector|instructor|intern|interpreter|' +
  'investor|janitor|journalist|judge|landscaper|lawyer|lecturer|librarian|lifeguard|linguist|machinist|manager|' +
  'marketer|mathematician|mechanic|medic|midwife|miner|model|musician|nanny|navigator|neurologist|neuroscientist|' +
  'nurse|nutritionist|officer|optician|optometrist|painter|paralegal|paramedic|pastor|pediatrician|paediatrician|' +
  'pharmacist|photographer|physician|physicist|physiotherapist|physio|pilot|planner|plumber|poet|police officer|' +
  'policeman|policewoman|politician|postman|priest|principal|producer|professor|programmer|psychiatrist|' +
  'psychologist|publisher|rabbi|radiologist|receptionist|recruiter|reporter|researcher|salesman|saleswoman|' +
  'salesperson|scientist|screenwriter|secretary|security guard|server|singer|social worker|soldier|solicitor|' +
  'specialist|statistician|strategist|student|supervisor|surgeon|surveyor|tailor|tattoo artist|teacher|technician|' +
  'therapist|trader|trainer|translator|tutor|veterinarian|vet|waiter|waitress|welder|writer|youtuber|streamer|' +
  'lead|head|vp|vice president|sysadmin|tester|dev|swe|pm|rn|paramedic|dispatcher|firefighter|carpenter|' +
  'sommelier|florist|jeweler|jeweller|potter|sculptor|veterinary nurse|teaching assistant|postdoc|fellow|' +
  'realtor|real estate agent|broker|underwriter|actuary|cartographer|zoologist|botanist|ecologist|geographer|' +
  'cook|pastry chef|caterer|doula|nurse practitioner|dental hygienist|occupational therapist|speech therapist|' +
  'personal trainer|yoga teacher|yoga instructor|flight attendant|stewardess|cabin crew|air traffic controller|' +
  'truck driver|bus driver|taxi driver|delivery driver|warehouse worker|factory worker|construction worker|' +
  'stay-at-home mom|stay-at-home dad|homemaker|housewife|househusband|volunteer|activist|minister|sailor|marine'
).split('|');

/** Occupations that are also other things after "I'm a" ("I'm a big fan", "I'm a lead"): need "work as". */
export const WEAK_OCCUPATIONS = new Set([
  'lead',
  'head',
  'model',
  'guard',
  'agent',
  'server',
  'fellow',
  'student',
  'volunteer',
  'activist',
  'assistant',
  'associate',
  'cook',
  'driver',
  'planner',
  'dev',
  'pm',
  'rn',
  'swe',
  'vp',
  'buyer',
  'trader',
  'coach',
  'artist',
  'writer',
  'dancer',
  'singer',
  'musician',
  'athlete',
  'poet',
  'painter',
  'blogger',
  'streamer',
  'youtuber',
  'influencer',
  'investor',
  'founder',
  'co-founder',
  'entrepreneur',
  'minister',
]);

/** Fields people "work in". */
export const INDUSTRIES: readonly string[] = (
  'marketing|sales|finance|banking|tech|it|software|healthcare|health care|education|retail|hospitality|' +
  'construction|insurance|real estate|consulting|advertising|publishing|journalism|media|fashion|logistics|' +
  'manufacturing|engineering|law|research|academia|government|politics|nonprofits?|non-profits?|the nonprofit sector|' +
  'tourism|pharma|biotech|accounting|hr|human resources|customer service|customer support|design|film|tv|' +
  'television|gaming|the games industry|the film industry|the music industry|music|art|the arts|cybersecurity|' +
  'data science|ai|machine learning|medicine|nursing|social work|security|agriculture|energy|telecom|automotive'
).split('|');

/** Languages, by name. */
export const LANGUAGES: readonly string[] = (
  'english|french|german|spanish|italian|portuguese|dutch|flemish|swedish|norwegian|danish|finnish|icelandic|' +
  'polish|czech|slovak|hungarian|romanian|bulgarian|greek|turkish|russian|ukrainian|belarusian|serbian|croatian|' +
  'bosnian|slovenian|albanian|macedonian|lithuanian|latvian|estonian|arabic|hebrew|persian|farsi|urdu|hindi|' +
  'bengali|bangla|punjabi|gujarati|marathi|tamil|telugu|kannada|malayalam|nepali|sinhala|chinese|mandarin|' +
  'cantonese|japanese|korean|vietnamese|thai|lao|khmer|burmese|indonesian|malay|tagalog|filipino|swahili|amharic|' +
  'yoruba|igbo|hausa|zulu|xhosa|afrikaans|somali|catalan|basque|galician|welsh|irish|gaelic|scottish gaelic|' +
  'latin|esperanto|sign language|asl|bsl|american sign language|british sign language|kurdish|armenian|georgian|' +
  'kazakh|uzbek|mongolian|haitian creole|creole|quechua|maori|hawaiian|yiddish'
).split('|');

/** Nationalities (adjectives). */
export const NATIONALITIES: readonly string[] = (
  'american|canadian|mexican|brazilian|argentinian|argentine|chilean|colombian|peruvian|venezuelan|cuban|' +
  'puerto rican|dominican|jamaican|british|english|scottish|welsh|irish|french|german|austrian|swiss|belgian|' +
  'dutch|luxembourgish|spanish|portuguese|italian|greek|turkish|cypriot|maltese|swedish|norwegian|danish|finnish|' +
  'icelandic|polish|czech|slovak|hungarian|romanian|bulgarian|serbian|croatian|bosnian|slovenian|albanian|' +
  'ukrainian|russian|belarusian|lithuanian|latvian|estonian|georgian|armenian|azerbaijani|israeli|palestinian|' +
  'lebanese|syrian|jordanian|iraqi|iranian|persian|saudi|emirati|egyptian|moroccan|algerian|tunisian|libyan|' +
  'nigerian|ghanaian|kenyan|ethiopian|somali|south african|zimbabwean|ugandan|tanzanian|senegalese|cameroonian|' +
  'indian|pakistani|bangladeshi|sri lankan|nepali|afghan|chinese|taiwanese|japanese|korean|south korean|' +
  'vietnamese|thai|filipino|filipina|indonesian|malaysian|singaporean|australian|new zealander|kiwi|' +
  'kazakh|uzbek|mongolian|haitian|ecuadorian|bolivian|uruguayan|paraguayan|guatemalan|honduran|salvadoran|' +
  'nicaraguan|costa rican|panamanian|sudanese|rwandan|congolese|ivorian|malian|tibetan|hongkonger|scandinavian|' +
  'latina|latino|latinx|hispanic|european|asian|african|south asian|east asian|middle eastern|north african'
).split('|');

/** Religions and beliefs ("I'm Catholic"). */
export const RELIGIONS: readonly string[] = (
  'christian|catholic|roman catholic|protestant|evangelical|baptist|methodist|lutheran|anglican|orthodox|mormon|' +
  'muslim|sunni|shia|jewish|orthodox jewish|buddhist|hindu|sikh|jain|atheist|agnostic|pagan|wiccan|taoist|' +
  "shinto|bahai|spiritual|religious|not religious|quaker|jehovah's witness"
).split('|');

/** Diets, as said ("vegetarian", "plant-based", "keto"). */
export const DIETS: readonly string[] = (
  'vegetarian|vegeterian|vegitarian|veggie|vegan|pescatarian|pescetarian|pescitarian|keto|ketogenic|paleo|' +
  'flexitarian|plant-based|plant based|gluten-free|gluten free|dairy-free|dairy free|lactose-free|lactose free|' +
  'halal|kosher|raw vegan|carnivore|low-carb|low carb|whole30|whole 30|mediterranean|sugar-free|sugar free|' +
  'lacto-vegetarian|ovo-vegetarian|lacto-ovo vegetarian|fruitarian|omnivore'
).split('|');

/** The spelling a diet word is kept in. */
export const DIET_SPELLING = new Map([
  ['vegeterian', 'vegetarian'],
  ['vegitarian', 'vegetarian'],
  ['veggie', 'vegetarian'],
  ['pescetarian', 'pescatarian'],
  ['pescitarian', 'pescatarian'],
  ['ketogenic', 'keto'],
  ['plant based', 'plant-based'],
  ['gluten free', 'gluten-free'],
  ['dairy free', 'dairy-free'],
  ['lactose free', 'lactose-free'],
  ['low carb', 'low-carb'],
  ['whole 30', 'whole30'],
  ['sugar free', 'sugar-free'],
]);

/** Foods whose giving up or taking back is a diet ("I don't eat meat", "I eat fish again"). */
export const DIET_FOODS: readonly string[] = (
  'meat|red meat|fish|seafood|chicken|beef|pork|poultry|animal products|dairy|eggs|gluten|sugar|carbs|shellfish|' +
  'lamb|everything|anything|meat and fish|fish and meat'
).split('|');

/** Dishes and foods people name as a favourite: a favourite said without its category is then a food. */
export const DISHES: readonly string[] = (
  'pizza|pasta|spaghetti|lasagna|lasagne|risotto|gnocchi|ravioli|sushi|sashimi|ramen|udon|pho|curry|curries|' +
  'tacos|taco|burritos|burrito|enchiladas|nachos|quesadillas|burgers|burger|cheeseburgers|hot dogs|steak|' +
  'fried chicken|chicken wings|wings|barbecue|bbq|ribs|kebab|kebabs|falafel|hummus|shawarma|gyros|paella|' +
  'dumplings|dim sum|fried rice|noodles|pad thai|bibimbap|kimchi|biryani|dal|samosas|tikka masala|moussaka|' +
  'fish and chips|pancakes|waffles|crepes|omelette|soup|stew|chili|mac and cheese|lobster|crab|oysters|' +
  'salmon|tuna|poke|salad|sandwiches|bagels|croissants|cheesecake|ice cream|chocolate|cake|brownies|cookies|' +
  'pie|donuts|doughnuts|tiramisu|fondue|schnitzel|pierogi|tapas|ceviche|empanadas|arepas|poutine|pretzels'
).split('|');

/** Kinds of pets and common breeds. */
export const PETS: readonly string[] = (
  'dog|dogs|puppy|puppies|pup|pups|doggo|doggy|cat|cats|kitten|kittens|kitty|hamster|hamsters|rabbit|rabbits|' +
  'bunny|bunnies|parrot|parrots|bird|birds|budgie|budgies|parakeet|cockatiel|canary|guinea pig|guinea pigs|turtle|' +
  'turtles|tortoise|fish|goldfish|betta|snake|snakes|lizard|lizards|gecko|geckos|bearded dragon|iguana|horse|horses|' +
  'pony|ferret|ferrets|rat|rats|gerbil|gerbils|chinchilla|hedgehog|chickens|hens|goat|goats|pig|' +
  'pot-bellied pig|labrador|golden retriever|retriever|poodle|labradoodle|goldendoodle|cockapoo|beagle|husky|' +
  'corgi|pug|bulldog|french bulldog|frenchie|terrier|chihuahua|dachshund|shepherd|german shepherd|border collie|' +
  'collie|spaniel|cocker spaniel|shih tzu|maltese|yorkie|rottweiler|doberman|greyhound|whippet|pit bull|' +
  'pitbull|great dane|sheepdog|siamese|persian cat|maine coon|tabby|ragdoll|bengal cat|sphynx|axolotl|tarantula'
).split('|');

/** Health conditions a user may volunteer. */
export const CONDITIONS: readonly string[] = (
  'diabetes|type 1 diabetes|type 2 diabetes|asthma|adhd|autism|dyslexia|dyspraxia|epilepsy|migraines|migraine|' +
  'arthritis|rheumatoid arthritis|depression|anxiety|an anxiety disorder|bipolar disorder|bipolar|ptsd|ocd|' +
  "celiac disease|coeliac disease|celiac|coeliac|crohn's|crohn's disease|ibs|colitis|high blood pressure|" +
  'hypertension|high cholesterol|cancer|breast cancer|leukemia|lymphoma|lupus|ms|multiple sclerosis|fibromyalgia|' +
  'eczema|psoriasis|insomnia|sleep apnea|sleep apnoea|long covid|chronic fatigue|chronic pain|a heart condition|' +
  "heart disease|hypothyroidism|hyperthyroidism|hashimoto's|pcos|endometriosis|tinnitus|scoliosis|hearing loss|" +
  'a bad back|back pain|hiv|hepatitis|anemia|anaemia|gout|glaucoma|color blindness|colour blindness|a disability|' +
  "cerebral palsy|down syndrome|tourette's|an eating disorder|anorexia|bulimia|vertigo|kidney disease|copd|" +
  "sickle cell|cystic fibrosis|parkinson's|alzheimer's|dementia|osteoporosis|acid reflux|gerd|a pacemaker|" +
  'a prosthetic leg|a chronic illness|chronic illness|a lactose intolerance|a gluten intolerance'
).split('|');

/** Adjectives of conditions ("I'm diabetic") and the condition they name. */
export const CONDITION_ADJECTIVES = new Map([
  ['diabetic', 'diabetes'],
  ['asthmatic', 'asthma'],
  ['epileptic', 'epilepsy'],
  ['autistic', 'autism'],
  ['dyslexic', 'dyslexia'],
  ['anemic', 'anemia'],
  ['anaemic', 'anaemia'],
  ['celiac', 'celiac disease'],
  ['coeliac', 'coeliac disease'],
  ['bipolar', 'bipolar disorder'],
  ['colorblind', 'color blindness'],
  ['colourblind', 'colour blindness'],
  ['deaf', 'deafness'],
  ['blind', 'blindness'],
  ['hard of hearing', 'hearing loss'],
  ['immunocompromised', 'a weakened immune system'],
  ['prediabetic', 'prediabetes'],
]);

/** Sports, games, instruments and pastimes ("I play tennis", "I do yoga", "I started running"). */
export const ACTIVITIES: readonly string[] = (
  'tennis|football|soccer|basketball|baseball|volleyball|hockey|ice hockey|golf|rugby|cricket|badminton|squash|' +
  'table tennis|ping pong|pickleball|handball|softball|lacrosse|water polo|chess|poker|bridge|video games|games|' +
  'board games|dnd|d&d|dungeons and dragons|the guitar|guitar|the piano|piano|the violin|violin|the drums|drums|' +
  'the cello|cello|the flute|flute|the bass|bass|the ukulele|ukulele|the saxophone|saxophone|the trumpet|trumpet|' +
  'the harp|harp|the clarinet|clarinet|yoga|pilates|crossfit|karate|judo|taekwondo|jiu-jitsu|jiu jitsu|bjj|' +
  'boxing|kickboxing|muay thai|martial arts|ballet|salsa|fencing|archery|gymnastics|parkour|weightlifting|' +
  'powerlifting|running|jogging|swimming|cycling|biking|mountain biking|hiking|climbing|rock climbing|bouldering|' +
  'painting|drawing|sketching|knitting|crocheting|sewing|quilting|embroidery|baking|cooking|gardening|dancing|' +
  'singing|writing|journaling|reading|meditating|meditation|surfing|skiing|snowboarding|skating|skateboarding|' +
  'ice skating|fishing|hunting|golfing|rowing|kayaking|canoeing|sailing|lifting|photography|pottery|ceramics|' +
  'woodworking|calligraphy|birdwatching|bird watching|camping|traveling|travelling|gaming|coding|programming|' +
  'blogging|vlogging|podcasting|scrapbooking|origami|astronomy|stargazing|volunteering|horse riding|' +
  'horseback riding|riding|triathlons|marathons|scuba diving|diving|snorkeling|birding|collecting stamps|' +
  'collecting vinyl|jewelry making|jewellery making|candle making|soap making|baking bread|brewing beer|' +
  'home brewing|playing guitar|playing piano|playing the guitar|playing the piano|playing chess|video gaming|' +
  'tai chi|zumba|spinning|walking|trail running|ultrarunning|marathon running|cross-country skiing|snowshoeing'
).split('|');

/** Car makes ("I drive a Tesla"). */
export const CAR_MAKES: readonly string[] = (
  'tesla|toyota|honda|ford|chevy|chevrolet|bmw|mercedes|mercedes-benz|audi|volkswagen|vw|volvo|subaru|mazda|' +
  'nissan|hyundai|kia|jeep|dodge|ram|gmc|cadillac|lexus|acura|infiniti|porsche|ferrari|lamborghini|mini|fiat|' +
  'peugeot|renault|citroen|skoda|seat|opel|vauxhall|jaguar|land rover|range rover|lincoln|buick|chrysler|' +
  'mitsubishi|suzuki|polestar|rivian|lucid|prius|civic|corolla|camry|golf|beetle|motorbike|motorcycle|scooter|' +
  'vespa|harley|e-bike|electric car|hybrid|pickup|pickup truck|truck|van|minivan|suv|convertible'
).split('|');

/** Dated events a plan can be ("I have a job interview on Friday"). */
export const EVENTS: readonly string[] = (
  "appointment|doctor's appointment|dentist appointment|dentist's appointment|interview|job interview|exam|" +
  'exams|final exam|finals|test|driving test|surgery|operation|wedding|trip|road trip|flight|vacation|holiday|' +
  'concert|gig|conference|competition|tournament|race|marathon|half marathon|recital|presentation|performance|' +
  'show|exhibition|graduation|ceremony|party|birthday party|baby shower|bachelor party|hen do|stag do|' +
  'date|first date|meeting|deadline|court date|hearing|checkup|check-up|scan|ultrasound|due date|move|' +
  'housewarming|reunion|game|match|audition|defense|defence|thesis defense|viva|internship|retreat|camp|' +
  'cruise|honeymoon|festival|trip abroad|business trip|work trip|visit'
).split('|');

/**
 * A model's attribute name mapped onto the registry: "residence" and "location" are `city`,
 * "occupation" is `job`, "wife" is `partner`, "favourite_band" is `favorite_band`; a name the
 * registry cannot place becomes `other`, so the fact is kept with its sentence.
 * @module
 */
import { FAVORITE_CATEGORIES, factAttribute } from '../attributes.js';

const ALIASES = new Map<string, string>([
  ...[
    'location',
    'residence',
    'home',
    'home_city',
    'current_city',
    'lives_in',
    'living_in',
    'hometown_current',
    'address_city',
    'country',
    'place_of_residence',
  ].map((a): [string, string] => [a, 'city']),
  ...['origin', 'from', 'birthplace', 'place_of_birth', 'home_town'].map((a): [string, string] => [a, 'hometown']),
  ...['occupation', 'profession', 'job_title', 'role', 'position', 'work', 'career', 'title'].map(
    (a): [string, string] => [a, 'job'],
  ),
  ...['company', 'workplace', 'organization', 'organisation', 'works_at', 'work_place', 'current_employer'].map(
    (a): [string, string] => [a, 'employer'],
  ),
  ...['university', 'college', 'education', 'studies_at', 'alma_mater'].map((a): [string, string] => [a, 'school']),
  ...['major', 'field_of_study', 'subject', 'degree'].map((a): [string, string] => [a, 'study']),
  ...[
    'spouse',
    'wife',
    'husband',
    'girlfriend',
    'boyfriend',
    'fiance',
    'fiancee',
    'significant_other',
    'partner_name',
  ].map((a): [string, string] => [a, 'partner']),
  ...['relationship_status', 'marital_status', 'relationship_state'].map((a): [string, string] => [a, 'relationship']),
  ...['children', 'kids', 'kid', 'son', 'daughter'].map((a): [string, string] => [a, 'child']),
  ...['siblings', 'brother', 'sister'].map((a): [string, string] => [a, 'sibling']),
  ...['pets', 'animal', 'dog', 'cat', 'pet_name'].map((a): [string, string] => [a, 'pet']),
  ...['dietary_preference', 'dietary_restriction', 'diet_type', 'food_preference', 'eating_habits'].map(
    (a): [string, string] => [a, 'diet'],
  ),
  ...['allergies', 'food_allergy', 'intolerance', 'allergic_to'].map((a): [string, string] => [a, 'allergy']),
  ...['health_condition', 'medical_condition', 'condition', 'illness', 'disease', 'medical'].map(
    (a): [string, string] => [a, 'health'],
  ),
  ...['likes', 'interest', 'interests', 'preference', 'loves', 'enjoys'].map((a): [string, string] => [a, 'like']),
  ...['dislikes', 'hates', 'aversion'].map((a): [string, string] => [a, 'dislike']),
  ...['hobbies', 'activity', 'activities', 'sport', 'sports', 'pastime'].map((a): [string, string] => [a, 'hobby']),
  ...['languages', 'spoken_language', 'speaks', 'native_language', 'learning_language'].map((a): [string, string] => [
    a,
    'language',
  ]),
  ...['car', 'vehicle_model'].map((a): [string, string] => [a, 'vehicle']),
  ...['plans', 'event', 'upcoming_event', 'goal', 'appointment', 'trip'].map((a): [string, string] => [a, 'plan']),
  ...['phone_number', 'mobile', 'cell', 'telephone', 'number'].map((a): [string, string] => [a, 'phone']),
  ...['email_address', 'e_mail', 'mail'].map((a): [string, string] => [a, 'email']),
  ...['full_name', 'first_name', 'user_name', 'username'].map((a): [string, string] => [a, 'name']),
  ...['birth_date', 'date_of_birth', 'dob', 'birthdate'].map((a): [string, string] => [a, 'birthday']),
]);

const FAVORITE = new Set<string>(FAVORITE_CATEGORIES);

/** The registry attribute a model's name stands for; `other` when none fits. */
export function registryAttribute(name: unknown): string {
  if (typeof name !== 'string') return 'other';
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/gu, '_')
    .replace(/[^a-z0-9_]/gu, '');
  if (factAttribute(key)) return key;
  const alias = ALIASES.get(key) ?? ALIASES.get(key.replace(/s$/u, ''));
  if (alias) return alias;
  const favorite = /^(?:favou?rite|fav|fave)_(.+)$/u.exec(key);
  if (favorite) {
    const category = favorite[1]!.replace(/s$/u, '');
    return FAVORITE.has(category) ? `favorite_${category}` : 'like';
  }
  return factAttribute(key.replace(/s$/u, '')) ? key.replace(/s$/u, '') : 'other';
}

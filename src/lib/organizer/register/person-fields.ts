/**
 * The fields of a person's form, in its order: what the form (people-form.ts) reads and writes
 * and its words (people-words.ts) name, apart from both so that neither imports the other.
 */
export const PERSON_FORM_FIELDS = ['name', 'birthDate', 'country', 'club', 'email', 'phone', 'accompaniedBy', 'notes'] as const;
export type PersonField = (typeof PERSON_FORM_FIELDS)[number];

import { m, type Locale } from '$lib/i18n';
import type { RegisterImportAnswerSchema } from '$lib/contract/register';
import type { z } from 'zod/mini';

/**
 * What came of a confirmed registration import, in numbers and in words: the people and
 * registrations added (the registered ones and those on the waiting list, by the capacity:
 * CZ-IND-CAP, CZ-TEAM-CAP) and the rows skipped, both those the preview skipped (a duplicate
 * row, a person already registered, a cancelled row) and those the server found already there.
 */

export type ImportAnswer = z.infer<typeof RegisterImportAnswerSchema>;

export interface ImportOutcome {
	people: number;
	registered: number;
	waiting: number;
	skipped: number;
}

export function importOutcome(answer: ImportAnswer, skippedInPreview: number): ImportOutcome {
	return {
		people: answer.peopleAdded,
		registered: answer.registrations.filter((r) => r.status === 'registered').length,
		waiting: answer.registrations.filter((r) => r.status === 'waiting').length,
		skipped: skippedInPreview + answer.rowsUnchanged
	};
}

type Options = { locale?: Locale };

/** "85 people and 85 registrations added (80 registered, 5 waiting); 1 row skipped." — or that nothing changed. */
export function importOutcomeText(o: ImportOutcome, options: Options = {}): string {
	const registrations = o.registered + o.waiting;
	if (o.people === 0 && registrations === 0) return m.org_regfiles_done_nothing({}, options);
	const added = m.org_regfiles_done_added(
		{
			people: m.org_regfiles_people({ count: o.people }, options),
			registrations: m.org_regfiles_registrations({ count: registrations }, options),
			registered: o.registered,
			waiting: o.waiting
		},
		options
	);
	return o.skipped > 0 ? `${added} ${m.org_regfiles_done_skipped({ count: o.skipped }, options)}` : added;
}

/**
 * What is wrong with a quick set-up (quick-setup.ts), as a code and its parameters, so that
 * the station can say it in the judge's language (quick-setup-messages.ts). Read from the
 * validation issues by the field they name, whatever wording the schema gives them.
 */
import type { ValidationIssue } from '$lib/validation';
import type { QuickSetupInput } from './quick-setup';

/** The limits QuickSetupSchema enforces (quick-setup-problems.test.ts checks that they agree). */
export const QUICK_SETUP_LIMITS = {
	/** Seats in the heat. */
	seats: 60,
	/** Characters of a competition or seat name. */
	nameLength: 200,
	/** Characters of the table's name. */
	tableLength: 40
} as const;

export type QuickSetupProblem =
	| { code: 'preset' }
	| { code: 'no-seats' }
	| { code: 'too-many-seats'; max: number }
	| { code: 'competition-name-too-long'; max: number }
	/** `seat` counts from 1. */
	| { code: 'seat-name-too-long'; seat: number; max: number }
	| { code: 'table-too-long'; max: number }
	/** Something the form does not let the judge get wrong (the day, the ID suffix): kept as is. */
	| { code: 'other'; path: string; message: string };

const SEAT_NAME = /^seatNames\[(\d+)\]$/;

function problemOf(input: Pick<QuickSetupInput, 'seatNames'>, issue: ValidationIssue): QuickSetupProblem {
	const other: QuickSetupProblem = { code: 'other', path: issue.path, message: issue.message };
	switch (issue.path) {
		case 'presetId':
			return { code: 'preset' };
		case 'competitionName':
			return { code: 'competition-name-too-long', max: QUICK_SETUP_LIMITS.nameLength };
		case 'table':
			return { code: 'table-too-long', max: QUICK_SETUP_LIMITS.tableLength };
		case 'seatNames': {
			const count = Array.isArray(input.seatNames) ? input.seatNames.length : 0;
			if (count < 1) return { code: 'no-seats' };
			if (count > QUICK_SETUP_LIMITS.seats) return { code: 'too-many-seats', max: QUICK_SETUP_LIMITS.seats };
			return other;
		}
	}
	const seat = SEAT_NAME.exec(issue.path);
	if (seat) return { code: 'seat-name-too-long', seat: Number(seat[1]) + 1, max: QUICK_SETUP_LIMITS.nameLength };
	return other;
}

/** The problems behind `quickSetup(input)`'s issues, one per issue, in their order. */
export function quickSetupProblems(input: Pick<QuickSetupInput, 'seatNames'>, issues: readonly ValidationIssue[]): QuickSetupProblem[] {
	return issues.map((issue) => problemOf(input, issue));
}

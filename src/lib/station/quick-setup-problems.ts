/**
 * What is wrong with a quick set-up (quick-setup.ts), as a code and its parameters, so that
 * the station can say it in the judge's language (quick-setup-messages.ts). Read from the
 * validation issues by the field they name and their kind (zod's issue code: `too_big` for too
 * long, `custom` for the plain-text check's control character, issue 29 #8), whatever wording
 * the schema gives them.
 */
import type { QuickSetupInput, QuickSetupIssue } from './quick-setup';
import { QUICK_SETUP_LIMITS } from './quick-setup-limits';

export { QUICK_SETUP_LIMITS };

export type QuickSetupProblem =
	| { code: 'preset' }
	| { code: 'no-seats' }
	| { code: 'too-many-seats'; max: number }
	| { code: 'competition-name-too-long'; max: number }
	/** `seat` counts from 1. */
	| { code: 'seat-name-too-long'; seat: number; max: number }
	| { code: 'table-too-long'; max: number }
	/** A name or the table holds a control character (a tab, a line break, a bidi mark …; issue 29 #8). */
	| { code: 'competition-name-control' }
	/** `seat` counts from 1. */
	| { code: 'seat-name-control'; seat: number }
	| { code: 'table-control' }
	/** Something the form does not let the judge get wrong (the day, the ID suffix): kept as is. */
	| { code: 'other'; path: string; message: string };

const SEAT_NAME = /^seatNames\[(\d+)\]$/;

/** What an issue on a name or the table is: too long, a control character, or something else. */
function kindOf(issue: QuickSetupIssue): 'too-long' | 'control' | null {
	if (issue.code === 'too_big') return 'too-long';
	// The only custom check on a name or the table is plainText (src/lib/setup/plain-text.ts).
	if (issue.code === 'custom') return 'control';
	return null;
}

function problemOf(input: Pick<QuickSetupInput, 'seatNames'>, issue: QuickSetupIssue): QuickSetupProblem {
	const other: QuickSetupProblem = { code: 'other', path: issue.path, message: issue.message };
	const kind = kindOf(issue);
	switch (issue.path) {
		case 'presetId':
			return { code: 'preset' };
		case 'competitionName':
			if (kind === 'too-long') return { code: 'competition-name-too-long', max: QUICK_SETUP_LIMITS.nameLength };
			if (kind === 'control') return { code: 'competition-name-control' };
			return other;
		case 'table':
			if (kind === 'too-long') return { code: 'table-too-long', max: QUICK_SETUP_LIMITS.tableLength };
			if (kind === 'control') return { code: 'table-control' };
			return other;
		case 'seatNames': {
			const count = Array.isArray(input.seatNames) ? input.seatNames.length : 0;
			if (count < 1) return { code: 'no-seats' };
			if (count > QUICK_SETUP_LIMITS.seats) return { code: 'too-many-seats', max: QUICK_SETUP_LIMITS.seats };
			return other;
		}
	}
	const seat = SEAT_NAME.exec(issue.path);
	if (seat && kind === 'too-long') return { code: 'seat-name-too-long', seat: Number(seat[1]) + 1, max: QUICK_SETUP_LIMITS.nameLength };
	if (seat && kind === 'control') return { code: 'seat-name-control', seat: Number(seat[1]) + 1 };
	return other;
}

/** The problems behind `quickSetup(input)`'s issues, one per issue, in their order. */
export function quickSetupProblems(input: Pick<QuickSetupInput, 'seatNames'>, issues: readonly QuickSetupIssue[]): QuickSetupProblem[] {
	return issues.map((issue) => problemOf(input, issue));
}

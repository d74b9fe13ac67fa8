import { describe, expect, it } from 'vitest';
import type { Conflict } from '../types';
import { competition, SEC, T0, tablet } from '../testkit';
import { checkVerdicts } from './check-verdicts';
import { actionsOf } from './testkit';

const entry = competition('czjpa-individual', ['Ann']).entries[0]!;

describe('checkVerdicts', () => {
	it('each finish gets its check; a finish not checked has none', () => {
		const log = tablet();
		const a = log.hand('ann', T0);
		const b = log.hand('ann', T0 + SEC);
		const ok = log.confirm(a, T0 + 2 * SEC, 1);
		const conflicts: Conflict[] = [];
		const verdicts = checkVerdicts(entry, actionsOf(log), conflicts);
		expect(verdicts.get(a.id)).toBe(ok);
		expect(verdicts.has(b.id)).toBe(false);
		expect(conflicts).toEqual([]);
	});

	it('two different checks of one finish: the later counts, and they are a conflict', () => {
		const log = tablet();
		const hand = log.hand('ann', T0);
		const no = log.reject(hand, T0 + SEC);
		const yes = log.confirm(hand, T0 + 2 * SEC);
		const conflicts: Conflict[] = [];
		expect(checkVerdicts(entry, actionsOf(log), conflicts).get(hand.id)).toBe(yes);
		expect(conflicts).toEqual([
			expect.objectContaining({ kind: 'double-check', eventIds: [no.id, yes.id], message: '2 different checks of one finish of Ann; the later one counts' })
		]);
	});

	it('the same verdict twice is no conflict; the same verdict with other missing pieces is', () => {
		const log = tablet();
		const hand = log.hand('ann', T0);
		log.confirm(hand, T0 + SEC, 1);
		log.confirm(hand, T0 + 2 * SEC, 1);
		const same: Conflict[] = [];
		checkVerdicts(entry, actionsOf(log), same);
		expect(same).toEqual([]);
		log.confirm(hand, T0 + 3 * SEC, 2);
		const differ: Conflict[] = [];
		checkVerdicts(entry, actionsOf(log), differ);
		expect(differ.map((c) => c.eventIds.length)).toEqual([3]);
	});
});

import { beforeEach, describe, expect, it } from 'vitest';
import { addCompetition } from '$lib/server/event-preparation';
import { answerOf } from '$lib/server/http-error.testkit';
import { Store } from '$lib/server/store';
import { storePerTest } from '$lib/server/store-per-test.testkit';
import { AddCompetitionSchema } from './preparation';

let store: Store;
storePerTest(Store.open, (s) => (store = s));
beforeEach(() => store.insertSetup({ events: [{ id: 'ev', name: 'Spring cup', date: '2026-05-01' }] }));

describe('a competition added from a preset', () => {
	it('issue 29 #8: its name is one line of plain text, refused with a 400 naming `name` (not a 500 from the store)', () => {
		for (const name of ['Club\u0000night', 'Club night\n', '\u202EClub night', 'Club\u2028night']) {
			expect(AddCompetitionSchema.safeParse({ presetId: 'czjpa-individual', name }).success).toBe(false);
			const answer = answerOf(() => addCompetition(store, 'ev', { presetId: 'czjpa-individual', name }));
			expect(answer).toMatchObject({ status: 400, message: /^name: a control character/ });
		}
		// Still trimmed, and still optional.
		expect(AddCompetitionSchema.parse({ presetId: 'czjpa-individual', name: '  Club night  ' }).name).toBe('Club night');
		expect(AddCompetitionSchema.safeParse({ presetId: 'czjpa-individual', name: '   ' }).success).toBe(false);
		expect(AddCompetitionSchema.parse({ presetId: 'czjpa-individual' }).name).toBeUndefined();
	});
});

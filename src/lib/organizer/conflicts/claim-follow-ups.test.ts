import { describe, expect, it } from 'vitest';
import { competition, MIN, SEC, T0 } from '$lib/scoring/testkit';
import { ClaimFollowUps, isClaim } from './claim-follow-ups';
import { contextOf, tabletLog } from './conflicts.testkit';

function followUpsOf(log: Parameters<typeof contextOf>[1], entryId: string | undefined = 'ana') {
	const ctx = contextOf(competition('czjpa-individual', ['Ana', 'Bob']), log);
	const entry = ctx.setup.entries.find((e) => e.id === entryId);
	return ClaimFollowUps.ofEntry(entry, entry ? ctx.scopeOf(entry) : []);
}

describe('ClaimFollowUps', () => {
	it("a claim's check is its last one, from whichever tablet; a finish without one has none", () => {
		const a = tabletLog('tab-a');
		const b = tabletLog('tab-b');
		const hand = a.hand('ana', T0 + 40 * MIN);
		a.confirm(hand, T0 + 41 * MIN, 2);
		const last = b.reject(hand, T0 + 42 * MIN, 'two pieces off');
		const other = a.hand('ana', T0 + 50 * MIN);
		const followUps = followUpsOf([...a.events, ...b.events]);
		expect(followUps.checkOf(hand.id)).toEqual(last);
		expect(followUps.checkOf(other.id)).toBeUndefined();
	});

	it("a voided check is no longer the claim's check (corrections applied)", () => {
		const a = tabletLog('tab-a');
		const org = tabletLog('org-desk', 'Org');
		const hand = a.hand('ana', T0 + 40 * MIN);
		const first = a.confirm(hand, T0 + 41 * MIN);
		const second = a.confirm(hand, T0 + 42 * MIN, 3);
		org.correct(second, T0 + 43 * MIN, 'miscounted');
		expect(followUpsOf([...a.events, ...org.events]).checkOf(hand.id)).toEqual(first);
	});

	it("the competitor agreed to a claim when its own tablet recorded the agreement after it, before another finish of its own", () => {
		const a = tabletLog('tab-a');
		const b = tabletLog('tab-b');
		const agreedTo = a.finish('ana', T0 + 40 * MIN);
		const superseded = a.hand('ana', T0 + 45 * MIN);
		a.hand('ana', T0 + 46 * MIN);
		a.ack('ana', T0 + 47 * MIN);
		const elsewhere = b.hand('ana', T0 + 44 * MIN);
		const followUps = followUpsOf([...a.events, ...b.events]);
		expect(followUps.agreed(agreedTo)).toBe(true);
		expect(followUps.agreed(superseded)).toBe(false);
		expect(followUps.agreed(elsewhere)).toBe(false);
	});

	it("an agreement is to its tablet's last finish before it", () => {
		const a = tabletLog('tab-a');
		const b = tabletLog('tab-b');
		a.hand('ana', T0 + 40 * MIN);
		const last = a.hand('ana', T0 + 41 * MIN);
		b.hand('ana', T0 + 42 * MIN);
		const ack = a.ack('ana', T0 + 43 * MIN);
		const early = b.ack('ana', T0 + 30 * MIN);
		const followUps = followUpsOf([...a.events, ...b.events]);
		expect(followUps.acknowledged(ack)).toEqual(last);
		expect(followUps.acknowledged(early)).toBeUndefined();
	});

	it("only the entry's own events count; without an entry nothing follows anything", () => {
		const a = tabletLog('tab-a');
		const bobs = a.hand('bob', T0 + 40 * MIN);
		a.confirm(bobs, T0 + 40 * MIN + SEC);
		a.ack('bob', T0 + 40 * MIN + 2 * SEC);
		expect(followUpsOf(a.events).checkOf(bobs.id)).toBeUndefined();
		expect(followUpsOf(a.events).agreed(bobs)).toBe(false);
		expect(followUpsOf(a.events, 'bob').agreed(bobs)).toBe(true);
		expect(followUpsOf(a.events, undefined).checkOf(bobs.id)).toBeUndefined();
	});

	it('a claim is a raised hand or a relay puzzle finished', () => {
		expect(['hand.raised', 'relay.puzzle-finished', 'record.acknowledged', 'check.confirmed'].map((type) => isClaim({ type: type as 'hand.raised' }))).toEqual([true, true, false, false]);
	});
});

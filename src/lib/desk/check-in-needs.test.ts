import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import type { RosterEntry } from '$lib/registration/schema';
import { checkInNeeds, checkInPayload, deskWarnings, nothingToAsk } from './check-in-needs';
import type { CheckIn } from '$lib/registration/check-ins';

const member = (name: string, flags: { minor?: boolean; child?: boolean; accompaniedBy?: string } = {}) => ({
	id: name, name, minor: flags.minor ?? false, child: flags.child ?? false, ...(flags.accompaniedBy ? { accompaniedBy: flags.accompaniedBy } : {})
});
const entry = (members: RosterEntry['members'], extra: Partial<RosterEntry> = {}): RosterEntry => ({
	id: 'r1', competitionId: 'c1', name: members[0]!.name, status: 'registered', members, fee: { amount: 400, currency: 'CZK' }, paid: false, ...extra
});
const CZ = presetById('czjpa-individual')!;
const KIDS = presetById('es-kids-group')!;
const checkIn = (payload: CheckIn['payload']) => ({ payload }) as CheckIn;

describe('what the desk asks', () => {
	it('nothing for a paid adult of a ruleset without companions: one tap', () => {
		const needs = checkInNeeds(entry([member('Jana')], { paid: true }), CZ);
		expect(needs).toEqual({ askPaid: false, companionsMax: null, needsAdult: [], waiting: false });
		expect(nothingToAsk(needs)).toBe(true);
		// A free entry is never asked to pay.
		expect(checkInNeeds(entry([member('Ana')], { fee: { amount: 0, currency: 'EUR' } }), KIDS).askPaid).toBe(false);
	});

	it('ES-FEE: a fee not yet paid is asked (paid just before the turn)', () => {
		const needs = checkInNeeds(entry([member('Jana')]), CZ);
		expect(needs.askPaid).toBe(true);
		expect(checkInPayload(needs, { paid: true, companions: 0, accompaniedBy: '' })).toEqual({ ok: true, payload: { paid: true } });
		expect(checkInPayload(needs, { paid: false, companions: 5, accompaniedBy: 'x' })).toEqual({ ok: true, payload: { paid: false } });
	});

	it('ES-COMPANION: companions asked only where the ruleset allows them, at most 2 per child', () => {
		const family = entry([member('Lucía', { child: true }), member('Pablo', { child: true }), member('Ana')], { paid: true });
		const needs = checkInNeeds(family, KIDS);
		expect(needs.companionsMax).toBe(4);
		expect(checkInPayload(needs, { paid: false, companions: 4, accompaniedBy: '' })).toEqual({ ok: true, payload: { companions: 4 } });
		expect(checkInPayload(needs, { paid: false, companions: 5, accompaniedBy: '' })).toEqual({ ok: false, problem: 'companions' });
		expect(checkInPayload(needs, { paid: false, companions: -1, accompaniedBy: '' })).toEqual({ ok: false, problem: 'companions' });
		expect(checkInNeeds(entry([member('Ana')], { paid: true }), KIDS).companionsMax).toBeNull();
		expect(checkInNeeds(entry([member('Tom', { child: true })], { paid: true }), CZ).companionsMax).toBeNull();
	});

	it('CZ-GEN-AGE: the accompanying adult of an under-16 who has none is asked, and warned of until given', () => {
		const tom = entry([member('Tom', { minor: true })], { paid: true });
		const needs = checkInNeeds(tom, CZ);
		expect(needs.needsAdult).toEqual(['Tom']);
		expect(checkInPayload(needs, { paid: false, companions: 0, accompaniedBy: '  Petr Malý ' })).toEqual({ ok: true, payload: { accompaniedBy: 'Petr Malý' } });
		expect(deskWarnings(tom, undefined, true)).toEqual(['minor-alone']);
		expect(deskWarnings(tom, checkIn({ accompaniedBy: 'Petr Malý' }), true)).toEqual([]);
		expect(checkInNeeds(entry([member('Eva', { minor: true, accompaniedBy: 'Jan' })], { paid: true }), CZ).needsAdult).toEqual([]);
	});

	it('issue 30 #11: one on the waiting list is never checked in with one tap: the desk asks', () => {
		const needs = checkInNeeds(entry([member('Eva')], { status: 'waiting', paid: true }), CZ);
		expect(needs.waiting).toBe(true);
		expect(nothingToAsk(needs)).toBe(false);
		expect(checkInPayload(needs, { paid: false, companions: 0, accompaniedBy: '' })).toEqual({ ok: true, payload: {} });
	});

	it('warns of unpaid (until paid at the desk), not yet in any heat, and the waiting list', () => {
		const jana = entry([member('Jana')], { status: 'waiting' });
		expect(deskWarnings(jana, undefined, false)).toEqual(['unpaid', 'not-seated', 'waiting']);
		expect(deskWarnings(jana, checkIn({ paid: true }), true)).toEqual(['waiting']);
		expect(deskWarnings({ ...jana, status: 'registered', paid: true }, undefined, true)).toEqual([]);
	});
});

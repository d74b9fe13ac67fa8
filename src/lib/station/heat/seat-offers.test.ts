import { describe, expect, it } from 'vitest';
import { assistOffer, pauseOffer } from './seat-offers';
import { freshDb, MIN, openHeat, T0, tap } from './heat.testkit';

/** A running seat under es-adult-individual (pauses and assistance allowed), 30 minutes in. */
async function runningSeat() {
	const { session } = await openHeat(freshDb(), 'es-adult-individual', ['Lucía']);
	await session.timing.start(tap(T0));
	session.now = T0 + 30 * MIN;
	return { es: session.ruleset, o: session.outcomes.get(session.seats[0]!.id)! };
}

describe('what a seat is offered', () => {
	it('ES-PAUSE: a pause while running and while pauses are left', async () => {
		const { es, o } = await runningSeat();
		expect(pauseOffer(es, o)).toEqual({ offered: true });
		expect(pauseOffer(es, { ...o, status: 'paused' })).toEqual({ offered: false, why: 'not-running' });
		expect(pauseOffer(es, { ...o, pauses: { ...o.pauses, used: o.pauses.max } })).toEqual({ offered: false, why: 'pauses-used' });
	});

	it('ES-ASSIST: assistance while running or paused, up to its count and its total time', async () => {
		const { es, o } = await runningSeat();
		expect(assistOffer(es, { ...o, status: 'paused' })).toEqual({ offered: true });
		expect(assistOffer(es, { ...o, status: 'finished' })).toEqual({ offered: false, why: 'not-running' });
		expect(assistOffer(es, { ...o, assistance: { ...o.assistance, used: o.assistance.max } })).toEqual({ offered: false, why: 'assistance-used' });
		expect(assistOffer(es, { ...o, assistance: { ...o.assistance, usedMs: es.assistance!.maxTotalMs } })).toEqual({ offered: false, why: 'assistance-cap' });
		expect(assistOffer({ ...es, assistance: null }, o)).toEqual({ offered: false, why: 'no-assistance-rule' });
	});
});

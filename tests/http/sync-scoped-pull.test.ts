import { expect, test } from 'vitest';
import type { JudgeEvent } from '../../src/lib/events/schema';
import { addDevice, call, createEvent, expectStatus, judgeLog, pullAll, RUN, setupOf, writeSetup, type PullPage } from '../sync-kit';

/**
 * Issue 18 (sync: each device pulls what it needs), through the real route: a pull scoped to
 * competitions answers the full pull filtered to them, in the same order, page by page with the
 * same cursors; a bad scope is refused with its reason.
 */

test('a pull scoped to one competition pages through the full pull filtered to it; a bad scope is a 400', async () => {
	const e = await createEvent(`Scoped pull ${RUN}`);
	const one = setupOf(e.eventId, `scope-${RUN}-a`, 2);
	const two = setupOf(e.eventId, `scope-${RUN}-b`, 2);
	await writeSetup(e.eventId, e.token, {
		rulesets: one.body.rulesets,
		competitions: [...one.body.competitions, ...two.body.competitions],
		heats: [...one.body.heats, ...two.body.heats],
		entries: [...one.body.entries, ...two.body.entries]
	});
	// A judge token is bound to the first device that pushes with it: one for each tablet.
	const judge = await addDevice(e.eventId, e.token, 'judge', 'Table 1');
	const judgeB = await addDevice(e.eventId, e.token, 'judge', 'Table 2');
	const logA = judgeLog(`scope-${RUN}-tab-a`, one.competitionId, one.heatId, one.entryIds, 6);
	const logB = judgeLog(`scope-${RUN}-tab-b`, two.competitionId, two.heatId, two.entryIds, 6);
	// Interleaved on the server: A's and B's events alternate in arrival order.
	for (let i = 0; i < 6; i += 2)
		for (const [token, events] of [
			[judge.token, logA.slice(i, i + 2)],
			[judgeB.token, logB.slice(i, i + 2)]
		] as const)
			expect(expectStatus(await call('POST', `/api/events/${e.eventId}/judge-events`, { token, json: { events } }), 200, 'push').body.stored).toHaveLength(2);

	const all = await pullAll(e.eventId, judge.token);
	expect(all.events.map((x) => x.competitionId)).toEqual([1, 2, 3].flatMap(() => [one.competitionId, one.competitionId, two.competitionId, two.competitionId]));
	const scoped: JudgeEvent[] = [];
	for (let cursor = 0, more = true; more; ) {
		const page: PullPage = expectStatus(
			await call('GET', `/api/events/${e.eventId}/judge-events?after=${cursor}&limit=4&competitions=${one.competitionId}`, { token: judge.token }),
			200,
			'scoped pull'
		).body;
		expect(page.events.length).toBeLessThanOrEqual(4);
		scoped.push(...page.events);
		({ cursor, more } = page);
	}
	expect(scoped.map((x) => x.id)).toEqual(all.events.filter((x) => x.competitionId === one.competitionId).map((x) => x.id));
	expect(scoped.map((x) => x.id)).toEqual(logA.map((x) => x.id));
	// Both competitions: the full pull.
	const both = expectStatus(await call('GET', `/api/events/${e.eventId}/judge-events?competitions=${two.competitionId},${one.competitionId}`, { token: judge.token }), 200, 'both').body as PullPage;
	expect(both.events.map((x) => x.id)).toEqual(all.events.map((x) => x.id));

	const twice = await call('GET', `/api/events/${e.eventId}/judge-events?competitions=${one.competitionId},${one.competitionId}`, { token: judge.token });
	expect(twice.status).toBe(400);
	expect(twice.text).toContain('a competition named twice');
});

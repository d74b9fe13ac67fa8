import { expect } from 'vitest';
import { addDevice, call, createEvent, expectStatus, judgeLog, RUN, setupOf, snapshot, writeSetup } from '../sync-kit';
import { test } from './request';

/**
 * Issue 29 #10 over real HTTP: competition, heat and entry IDs are each event's own
 * (docs/sync.md, Events apart). The probe's case: the organizer of event B writes a competition
 * ID that event A holds. It was refused with 409 "belongs to another event" — an oracle, and B
 * could not use the ID; now it is simply B's competition, and A is untouched.
 */

const publish = async (eventId: string, token: string, competitionId: string) =>
	expectStatus(await call('POST', `/api/events/${eventId}/publications`, { token, json: { competitionId } }), 201, `publish ${competitionId} of ${eventId}`);
const results = async (eventId: string, competitionId: string) =>
	expectStatus(await call('GET', `/api/public/events/${eventId}/results/${competitionId}`), 200, `results of ${competitionId} in ${eventId}`).body;

test("issue 29 #10: the organizer of event B writes A's competition, heat and entry IDs: 200, not 409; B judges and publishes them; A's set-up, events and public results are unchanged", async () => {
	const A = await createEvent(`Scope A ${RUN}`);
	const B = await createEvent(`Scope B ${RUN}`);
	const tag = `scope-${RUN}`;
	const sA = setupOf(A.eventId, tag);
	await writeSetup(A.eventId, A.token, sA.body);
	const judgeA = await addDevice(A.eventId, A.token, 'judge', 'Table A');
	const logA = judgeLog(`${tag}-tab`, sA.competitionId, sA.heatId, sA.entryIds, 5);
	expectStatus(await call('POST', `/api/events/${A.eventId}/judge-events`, { token: judgeA.token, json: { events: logA } }), 200, 'A pushes');
	await publish(A.eventId, A.token, sA.competitionId);
	await publish(A.eventId, A.token, sA.competitionId);
	const before = { setup: await snapshot(A.eventId, A.token), results: await results(A.eventId, sA.competitionId) };

	// B's set-up under exactly A's IDs (setupOf with the same tag), named otherwise.
	const sB = setupOf(B.eventId, tag);
	const bodyB = {
		...sB.body,
		competitions: sB.body.competitions.map((c) => ({ ...c, name: 'B individual' })),
		entries: sB.body.entries.map((e, i) => ({ ...e, name: `B competitor ${i + 1}` }))
	};
	expect([sB.competitionId, sB.heatId, sB.entryIds]).toEqual([sA.competitionId, sA.heatId, sA.entryIds]);
	const written = await call('POST', `/api/events/${B.eventId}/setup`, { token: B.token, json: bodyB });
	expect([written.status, written.body]).toEqual([200, { rulesets: 1, competitions: 1, heats: 1, entries: 4 }]);

	// B's judge records under the same IDs (its tablet's log even has A's device ID and numbers); B publishes once.
	const judgeB = await addDevice(B.eventId, B.token, 'judge', 'Table B');
	const pushedB = expectStatus(await call('POST', `/api/events/${B.eventId}/judge-events`, { token: judgeB.token, json: { events: logA.slice(0, 3) } }), 200, 'B pushes').body;
	expect(pushedB).toMatchObject({ refused: [], conflicts: [], duplicates: [] });
	expect(pushedB.stored).toHaveLength(3);
	await publish(B.eventId, B.token, sB.competitionId);

	const setupB = expectStatus(await call('GET', `/api/events/${B.eventId}/setup`, { token: B.token }), 200, 'B set-up').body;
	expect(setupB.competitions).toEqual(bodyB.competitions);
	expect(setupB.entries.map((e: { name: string }) => e.name)).toEqual(bodyB.entries.map((e) => e.name));
	// B's public results show B's one version only, never A's two.
	const resultsB = await results(B.eventId, sB.competitionId);
	expect(resultsB.versions.map((v: { eventId: string; version: number }) => [v.eventId, v.version])).toEqual([[B.eventId, 1]]);
	expect(resultsB.publication.snapshot).toMatchObject({ event: { id: B.eventId }, competition: { name: 'B individual' } });
	// A is as it was: set-up, judge events, devices, public results.
	expect(await snapshot(A.eventId, A.token)).toEqual(before.setup);
	expect(await results(A.eventId, sA.competitionId)).toEqual(before.results);
});

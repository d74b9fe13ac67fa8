import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { DeviceLog } from '../../src/lib/events/builder';
import { presetById } from '../../src/lib/rules/presets';
import { quickSetup } from '../../src/lib/station/quick-setup';
import { addDevice, backupOf, call, createEvent, DAY, T0, eventFile, expectStatus, judgeLog, pullAll, restore, revokeDevice, RULESET, RUN, setupOf, snapshot, startSecondServer, tableCounts, writeSetup, pairByCard, printedCardSecret, type AddedDevice } from '../sync-kit';
import { test, type APIRequestContext, type APIResponse } from './request';
import { ACTION_TYPES, type ActionType } from '../../src/lib/events/action-types';
import type { ActionEvent, JudgeEvent } from '../../src/lib/events/schema';
import { sampleEvent, sampleVoid } from '../../src/lib/events/sample-events.testkit';
import { CARD_MATRIX, WHERE, type Cell, type Where } from '../../src/lib/server/card-matrix.testkit';
import { jpegBytes, sha256Hex } from '../../src/lib/server/photo.testkit';

/**
 * The authorization matrix of docs/sync.md over real HTTP: every endpoint × every kind of
 * caller, with the expected status of each cell written down below; then what the refused
 * requests would have changed is checked to be unchanged.
 */

const COLUMNS = ['none', 'malformed', 'unknown', 'revoked', 'orgA', 'judgeA', 'displayA', 'orgB', 'judgeB', 'deskA', 'deskB'] as const;
type Column = (typeof COLUMNS)[number];

// prettier-ignore
const MATRIX: Record<string, Record<Column, number>> = {
	//                                              none  malformed unknown revoked orgA judgeA displayA orgB judgeB deskA deskB
	'GET /api/health':                       row(   200,  200,      200,    200,    200, 200,   200,     200, 200, 200, 200),
	'GET /api/time':                         row(   200,  200,      200,    200,    200, 200,   200,     200, 200, 200, 200),
	'POST /api/events':                      row(   201,  201,      201,    201,    201, 201,   201,     201, 201, 201, 201),
	// The roster: names and flags of the registrations, for every role of the event (a desk's search, a judge's marks).
	'GET /api/events/A/roster':              row(   401,  401,      401,    401,    200, 200,   200,     403, 403, 200, 403),
	'GET /api/events/A/setup':               row(   401,  401,      401,    401,    200, 200,   200,     403, 403, 200, 403),
	'POST /api/events/A/setup':              row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/judge-events':       row(   401,  401,      401,    401,    200, 200,   403,     403, 403, 200, 403),
	// Events of a device other than the caller's own: stored for the organizer, refused one by one (200, `refused`) for a judge.
	'POST /api/events/A/judge-events, another device\'s': row(401, 401, 401,    401,    200, 200,   403,     403, 403, 200, 403),
	// Tablet A's device ID, next numbers and event IDs pushed to event B: B's organizer may (another event is apart), B's judge not (its own tablet's only).
	'POST /api/events/B/judge-events, tablet A\'s next': row(401, 401, 401,    401,    403, 403,   403,     200, 200, 403, 200),
	'GET /api/events/A/judge-events':        row(   401,  401,      401,    401,    200, 200,   200,     403, 403, 200, 403),
	'GET /api/events/A/devices':             row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/devices':            row(   401,  401,      401,    401,    201, 403,   403,     403, 403, 403, 403),
	'DELETE /api/events/A/devices/{id}':     row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'POST /api/pair':                        row(   200,  200,      200,    200,    200, 200,   200,     200, 200, 200, 200),
	// Table cards (issue 15): printed, listed and revoked by the organizer; a card pairs anyone who holds it (no token needed), as a judge of its heat only.
	'GET /api/events/A/cards':               row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/cards':              row(   401,  401,      401,    401,    201, 403,   403,     403, 403, 403, 403),
	'DELETE /api/events/A/cards/{id}':       row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'POST /api/pair/card':                   row(   200,  200,      200,    200,    200, 200,   200,     200, 200, 200, 200),
	'GET /api/events/A/backup':              row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	// This server has no ADMIN_KEY (a venue laptop): a restore over HTTP is refused to everyone (403), see below for one with a key.
	'POST /api/restore':                     row(   403,  403,      403,    403,    403, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/import':             row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'GET /api/device':                       row(   401,  401,      401,    401,    200, 200,   200,     200, 200, 200, 200),
	'POST /api/events/A/heat-starts':        row(   401,  401,      401,    401,    201, 403,   403,     403, 403, 403, 403),
	// The ID of A's start, used in B: a start of B's own (201), not "already used" (no oracle across events).
	'POST /api/events/B/heat-starts, A\'s ID': row(401,  401,      401,    401,    403, 403,   403,     201, 403, 403, 403),
	'GET /api/events/A/heat-starts':         row(   401,  401,      401,    401,    200, 200,   200,     403, 403, 200, 403),
	'POST /api/events/A/publications':       row(   401,  401,      401,    401,    201, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/publications/{c}/final': row(401, 401,   401,    401,    200, 403,   403,     403, 403, 403, 403),
	'GET /api/events/A/entries/{e}/audit':   row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	// Protests (issue 33): the claims and who raised them are the organizer's only.
	'GET /api/events/A/protests':            row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/merges':             row(   401,  401,      401,    401,    201, 403,   403,     403, 403, 403, 403),
	// An entry of event B asked for under A: not found for A's organizer, refused for the others.
	'GET /api/events/A/entries/{B e}/audit': row(   401,  401,      401,    401,    404, 403,   403,     403, 403, 403, 403),
	// The event screen (issue 14): the organizer's only. A competition added, its ruleset changed, a heat added, renamed, removed.
	'GET /api/events/A/preparation':         row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/details':            row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/competitions':       row(   401,  401,      401,    401,    201, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/competitions/{c}/ruleset': row(401, 401,   401,    401,    201, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/competitions/{c}/heats': row(401, 401,     401,    401,    201, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/heats/{h}':          row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'DELETE /api/events/A/heats/{h}':        row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	// The register (issue 14): contact data and dates of birth, the organizer's only.
	'GET /api/events/A/register':            row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'GET /api/events/A/people':              row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/people':             row(   401,  401,      401,    401,    201, 403,   403,     403, 403, 403, 403),
	'GET /api/events/A/people/{p}':          row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/people/{p}':         row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/people/{p}/erase':   row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'GET /api/events/A/people/{p}/history':  row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'GET /api/events/A/registrations':       row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/registrations':      row(   401,  401,      401,    401,    201, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/registrations/{r}':  row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/registrations/import': row( 401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	// The draws (issue 15): the organizer's only. A's relay: its teams drawn, one renamed, its two heats' turns drawn, a swap; then the record read.
	'POST /api/events/A/draws':              row(   401,  401,      401,    401,    201, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/draws/{d}/teams/{t}': row(  401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/draws/turns':        row(   401,  401,      401,    401,    201, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/draws/{d}/swaps':    row(   401,  401,      401,    401,    201, 403,   403,     403, 403, 403, 403),
	'GET /api/events/A/draws':               row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	// Photos of evidence (issue 33): a judge's tablet or the organizer sends one (the organizer first: 201; the same bytes again 200),
	// never a display or desk; only the organizer lists them, sets the retention and erases them.
	'PUT /api/events/A/photos/{hash}':       row(   401,  401,      401,    401,    201, 200,   403,     403, 403, 403, 403),
	'GET /api/events/A/photos':              row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'GET /api/events/A/evidence':            row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'PUT /api/events/A/evidence':            row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'POST /api/events/A/evidence/erase':     row(   401,  401,      401,    401,    200, 403,   403,     403, 403, 403, 403),
	'GET /api/public/events/A/results':      row(   200,  200,      200,    200,    200, 200,   200,     200, 200, 200, 200),
	'GET /api/public/events/A/results/{c}':  row(   200,  200,      200,    200,    200, 200,   200,     200, 200, 200, 200)
};

function row(...statuses: number[]): Record<Column, number> {
	return Object.fromEntries(COLUMNS.map((c, i) => [c, statuses[i]!])) as Record<Column, number>;
}

test('authorization matrix: every endpoint × no, malformed, unknown, revoked token, each role of event A, the organizer and a judge of event B, a desk of A and of B', async ({ request }) => {
	// Two events, each with its organizer's set-up; in A a judge, a display and a revoked judge.
	const A = await createEvent(`Authz A ${RUN}`);
	const B = await createEvent(`Authz B ${RUN}`);
	const sA = setupOf(A.eventId, `az-${RUN}-a`);
	const sB = setupOf(B.eventId, `az-${RUN}-b`);
	await writeSetup(A.eventId, A.token, sA.body);
	await writeSetup(B.eventId, B.token, sB.body);
	const judgeA = await addDevice(A.eventId, A.token, 'judge', 'Judge A');
	const displayA = await addDevice(A.eventId, A.token, 'display', 'Display A');
	const revoked = await addDevice(A.eventId, A.token, 'judge', 'Revoked judge');
	await revokeDevice(A.eventId, A.token, revoked.device.id);
	const judgeB = await addDevice(B.eventId, B.token, 'judge', 'Judge B');
	// The check-in desks at the doors of A and B (issue 14): they push check-ins only.
	const deskA = await addDevice(A.eventId, A.token, 'desk', 'Desk A');
	const deskB = await addDevice(B.eventId, B.token, 'desk', 'Desk B');
	// Each judge's tablet and each desk pairs: its token is bound to the device's ID.
	const TABLET_A = `az-${RUN}-tablet-a`;
	for (const [j, deviceId] of [[judgeA, TABLET_A], [judgeB, `az-${RUN}-tablet-b`], [deskA, `az-${RUN}-push-deskA`], [deskB, `az-${RUN}-push-deskB`]] as const)
		expectStatus(await call('POST', '/api/device', { token: j.token, json: { deviceId } }), 200, 'pairing binds the tablet');
	// The tablet's log: its first two events pushed below, the next two what a judge of B tries to take.
	const tabletA = judgeLog(TABLET_A, sA.competitionId, sA.heatId, sA.entryIds, 4);

	const authorization: Record<Column, string | null> = {
		none: null,
		malformed: 'Bearer not-a-token',
		unknown: `Bearer ${randomBytes(32).toString('base64url')}`,
		revoked: `Bearer ${revoked.token}`,
		orgA: `Bearer ${A.token}`,
		judgeA: `Bearer ${judgeA.token}`,
		displayA: `Bearer ${displayA.token}`,
		orgB: `Bearer ${B.token}`,
		judgeB: `Bearer ${judgeB.token}`,
		deskA: `Bearer ${deskA.token}`,
		deskB: `Bearer ${deskB.token}`
	};
	// Per column: a device to revoke and a pairing code to redeem (created by A's organizer).
	const targets = {} as Record<Column, AddedDevice>;
	const codes = {} as Record<Column, AddedDevice>;
	for (const c of COLUMNS) {
		targets[c] = await addDevice(A.eventId, A.token, 'judge', `Target of ${c}`);
		codes[c] = await addDevice(A.eventId, A.token, 'display', `Code of ${c}`);
	}
	// Two competitions a judge of A set up on tablets (quick set-up), for the merge.
	const quick = ['qa', 'qb'].map((p) => {
		const q = quickSetup({ presetId: RULESET.id, seatNames: ['Ana', 'Bob'], day: DAY, suffix: `${p}${RUN.slice(-10).replace(/[^a-z0-9]/g, '')}` });
		if (!q.ok) throw new Error('quick set-up');
		return q.value;
	});
	for (const q of quick) expectStatus(await call('POST', `/api/events/${A.eventId}/judge-events`, { token: judgeA.token, json: { events: [], setup: q.bundle } }), 200, 'quick set-up');
	const [kept, folded] = quick as [(typeof quick)[number], (typeof quick)[number]];
	const mergeOf = (c: Column) => ({
		id: `az-${RUN}-merge-${c}`,
		keptCompetitionId: kept.competitionId,
		foldedCompetitionId: folded.competitionId,
		heats: [{ from: folded.heatId, to: kept.heatId }],
		entries: folded.bundle.entries.map((e, i) => ({ from: e.id, to: kept.bundle.entries[i]!.id })),
		reason: `Merged by ${c}`
	});
	/** What each caller pushes as its own: judge A's tablet its first two events, the others a log of their own. */
	const pushDevice = (c: Column) => (c === 'judgeA' ? TABLET_A : `az-${RUN}-push-${c}`);
	/** A desk's own log: two check-ins (what it may push). */
	const deskLog = (deviceId: string) => {
		const door = new DeviceLog({ deviceId, judge: 'Door', competitionId: sA.competitionId, heatId: null });
		return sA.entryIds.slice(0, 2).map((entryId, i) => door.record('entry.checked-in', T0 + i, entryId, {}));
	};
	const logOf = (c: Column) =>
		c === 'judgeA' ? tabletA.slice(0, 2) : c === 'deskA' || c === 'deskB' ? deskLog(pushDevice(c)) : judgeLog(pushDevice(c), sA.competitionId, sA.heatId, sA.entryIds, 2);
	const spoofOf = (c: Column) => judgeLog(`az-${RUN}-spoof-${c}`, sA.competitionId, sA.heatId, sA.entryIds, 2);
	// Tablet A's next two events, as B's callers push them into B: of B's competition, A's device, numbers and IDs.
	const takenOf = () => tabletA.slice(2).map((e) => ({ ...e, competitionId: sB.competitionId, heatId: sB.heatId, entryId: sB.entryIds[0]! }));
	const b = `/api/events/${B.eventId}`;
	const fileLogOf = (c: Column) => judgeLog(`az-${RUN}-file-${c}`, sA.competitionId, sA.heatId, sA.entryIds, 3);
	// The register of A: a person registered, one to change, one to erase, one free to register.
	const az = (n: string) => `az-${RUN}-${n}`;
	for (const id of ['registered', 'changed', 'erased', 'free'].map(az))
		expectStatus(await call('POST', `/api/events/${A.eventId}/people`, { token: A.token, json: { person: { id, name: `Person ${id}`, birthDate: '1990-01-01', email: `${id}@example.org` } } }), 201, `person ${id}`);
	expectStatus(await call('POST', `/api/events/${A.eventId}/registrations`, { token: A.token, json: { registration: { id: az('reg'), competitionId: sA.competitionId, memberIds: [az('registered')] } } }), 201, 'registration');
	// Table cards of A's heat: one that pairs every caller's tablet, one to revoke.
	const cardsOfA = () => call('POST', `/api/events/${A.eventId}/cards`, { token: A.token, json: { heatId: sA.heatId } });
	const cardSecret = new URLSearchParams(new URL((expectStatus(await cardsOfA(), 201, 'table cards').body as { cards: { link: string }[] }).cards[0]!.link).hash.slice(1)).get('card')!;
	const revokedCard = (expectStatus(await cardsOfA(), 201, 'table cards').body as { cards: { id: string }[] }).cards[0]!;
	// A's relay: four people registered alone for its team draw, two heats for its turns.
	const relayA = az('relay');
	const relayRules = { ...presetById('czjpa-team-relay')!, id: az('relay-rules') };
	await writeSetup(A.eventId, A.token, { rulesets: [relayRules], competitions: [{ id: relayA, eventId: A.eventId, name: 'Relay', ruleset: { id: relayRules.id, version: relayRules.version } }], heats: [1, 2].map((n) => ({ id: `${relayA}-h${n}`, competitionId: relayA, name: `Relay ${n}` })) });
	for (const n of [1, 2, 3, 4]) {
		expectStatus(await call('POST', `/api/events/${A.eventId}/people`, { token: A.token, json: { person: { id: az(`relay-${n}`), name: `Relay ${n}`, birthDate: '1990-01-01' } } }), 201, `relay person ${n}`);
		expectStatus(await call('POST', `/api/events/${A.eventId}/registrations`, { token: A.token, json: { registration: { id: az(`relay-reg-${n}`), competitionId: relayA, memberIds: [az(`relay-${n}`)] }, despiteProblems: true } }), 201, `relay registration ${n}`);
	}
	const drawn = { teams: { id: 'none', teams: [] as { id: string }[] }, turns: { id: 'none', assigned: {} as Record<string, string> } };
	const before = await snapshot(A.eventId, A.token);
	// A photo of evidence of A's first entry (issue 33).
	const PHOTO = jpegBytes(5000, 3);
	const photoQuery = new URLSearchParams({ competitionId: sA.competitionId, heatId: sA.heatId, entryId: sA.entryIds[0]!, subject: 'tally', takenAt: String(T0), width: '1600', height: '1200' });

	type Send = (req: APIRequestContext, headers: Record<string, string>, c: Column) => Promise<APIResponse>;
	/** What A's organizer added on the event screen: the competition, then its heat. */
	const prepared = { competitionId: 'none-yet', heatId: 'none-yet' };
	const a = `/api/events/${A.eventId}`;
	const SEND: Record<keyof typeof MATRIX, Send> = {
		'GET /api/health': (r, headers) => r.get('/api/health', { headers }),
		'GET /api/time': (r, headers) => r.get('/api/time', { headers }),
		'POST /api/events': (r, headers, c) => r.post('/api/events', { headers, data: { event: { name: `Authz by ${c} ${RUN}`, date: DAY } } }),
		'GET /api/events/A/roster': (r, headers) => r.get(`${a}/roster`, { headers }),
		'GET /api/events/A/setup': (r, headers) => r.get(`${a}/setup`, { headers }),
		'POST /api/events/A/setup': (r, headers, c) => r.post(`${a}/setup`, { headers, data: { heats: [{ id: sA.heatId, competitionId: sA.competitionId, name: `Renamed by ${c}` }] } }),
		'POST /api/events/A/judge-events': (r, headers, c) => r.post(`${a}/judge-events`, { headers, data: { events: logOf(c) } }),
		"POST /api/events/A/judge-events, another device's": (r, headers, c) => r.post(`${a}/judge-events`, { headers, data: { events: spoofOf(c) } }),
		"POST /api/events/B/judge-events, tablet A's next": (r, headers) => r.post(`${b}/judge-events`, { headers, data: { events: takenOf() } }),
		'GET /api/events/A/judge-events': (r, headers) => r.get(`${a}/judge-events?after=0&limit=5000`, { headers }),
		'GET /api/events/A/devices': (r, headers) => r.get(`${a}/devices`, { headers }),
		'POST /api/events/A/devices': (r, headers, c) => r.post(`${a}/devices`, { headers, data: { role: 'judge', label: `Added by ${c}` } }),
		'DELETE /api/events/A/devices/{id}': (r, headers, c) => r.delete(`${a}/devices/${targets[c].device.id}`, { headers }),
		'POST /api/pair': (r, headers, c) => r.post('/api/pair', { headers, data: { code: codes[c].code } }),
		'GET /api/events/A/cards': (r, headers) => r.get(`${a}/cards`, { headers }),
		'POST /api/events/A/cards': (r, headers) => r.post(`${a}/cards`, { headers, data: { heatId: sA.heatId } }),
		'DELETE /api/events/A/cards/{id}': (r, headers) => r.delete(`${a}/cards/${revokedCard.id}`, { headers }),
		'POST /api/pair/card': (r, headers, c) => r.post('/api/pair/card', { headers, data: { card: cardSecret, deviceId: az(`card-${c}`) } }),
		'GET /api/events/A/backup': (r, headers) => r.get(`${a}/backup`, { headers }),
		'POST /api/restore': (r, headers, c) =>
			r.post('/api/restore', {
				headers,
				data: {
					format: 'puzzle-judge-backup',
					version: 1,
					exportedAt: T(),
					event: { id: `az-${RUN}-restored-${c}`, name: `Restored by ${c}`, date: DAY },
					rulesets: [],
					competitions: [],
					heats: [],
					entries: [],
					judgeEvents: [],
					devices: []
				}
			}),
		'POST /api/events/A/import': (r, headers, c) =>
			r.post(`${a}/import?name=${c}.json`, {
				headers,
				data: eventFile(`az-${RUN}-file-${c}`, { events: [A.event], rulesets: [RULESET], ...pick(sA.body) }, fileLogOf(c))
			}),
		'GET /api/device': (r, headers) => r.get('/api/device', { headers }),
		'POST /api/events/A/heat-starts': (r, headers, c) =>
			r.post(`${a}/heat-starts`, { headers, data: { id: `az-${RUN}-start-${c}`, competitionId: sA.competitionId, heatId: sA.heatId, organizerAt: T(), offsetMs: 0 } }),
		"POST /api/events/B/heat-starts, A's ID": (r, headers) =>
			r.post(`${b}/heat-starts`, { headers, data: { id: `az-${RUN}-start-orgA`, competitionId: sB.competitionId, heatId: sB.heatId, organizerAt: T(), offsetMs: 0 } }),
		'GET /api/events/A/heat-starts': (r, headers) => r.get(`${a}/heat-starts?after=0`, { headers }),
		'POST /api/events/A/publications': (r, headers, c) => r.post(`${a}/publications`, { headers, data: { competitionId: sA.competitionId, note: `Published by ${c}` } }),
		'POST /api/events/A/publications/{c}/final': (r, headers) => r.post(`${a}/publications/${sA.competitionId}/final`, { headers }),
		'GET /api/events/A/entries/{e}/audit': (r, headers) => r.get(`${a}/entries/${sA.entryIds[0]}/audit`, { headers }),
		'GET /api/events/A/protests': (r, headers) => r.get(`${a}/protests`, { headers }),
		'POST /api/events/A/merges': (r, headers, c) => r.post(`${a}/merges`, { headers, data: mergeOf(c) }),
		'GET /api/events/A/entries/{B e}/audit': (r, headers) => r.get(`${a}/entries/${sB.entryIds[0]}/audit`, { headers }),
		'GET /api/events/A/preparation': (r, headers) => r.get(`${a}/preparation`, { headers }),
		'POST /api/events/A/details': (r, headers, c) => r.post(`${a}/details`, { headers, data: { name: A.event.name, date: DAY, venue: `Venue by ${c}` } }),
		'POST /api/events/A/competitions': async (r, headers, c) => {
			const res = await r.post(`${a}/competitions`, { headers, data: { presetId: RULESET.id, name: `Added by ${c}` } });
			if (res.status() === 201) prepared.competitionId = (await res.json()).competition.id;
			return res;
		},
		'POST /api/events/A/competitions/{c}/ruleset': (r, headers, c) =>
			r.post(`${a}/competitions/${prepared.competitionId}/ruleset`, { headers, data: { baseVersion: RULESET.version, ruleset: { ...RULESET, timeLimitMs: RULESET.timeLimitMs + 60_000 }, reason: `Changed by ${c}` } }),
		'POST /api/events/A/competitions/{c}/heats': async (r, headers, c) => {
			const res = await r.post(`${a}/competitions/${prepared.competitionId}/heats`, { headers, data: { name: `Heat by ${c}` } });
			if (res.status() === 201) prepared.heatId = (await res.json()).heat.id;
			return res;
		},
		'POST /api/events/A/heats/{h}': (r, headers, c) => r.post(`${a}/heats/${prepared.heatId}`, { headers, data: { name: `Renamed by ${c}` } }),
		// The other callers come first (the columns' order): the heat is still there when each is refused.
		'DELETE /api/events/A/heats/{h}': (r, headers) => r.delete(`${a}/heats/${prepared.heatId}`, { headers }),
		'GET /api/events/A/register': (r, headers) => r.get(`${a}/register`, { headers }),
		'GET /api/events/A/people': (r, headers) => r.get(`${a}/people`, { headers }),
		'POST /api/events/A/people': (r, headers, c) => r.post(`${a}/people`, { headers, data: { person: { id: az(`person-${c}`), name: `Added by ${c}` } } }),
		'GET /api/events/A/people/{p}': (r, headers) => r.get(`${a}/people/${az('registered')}`, { headers }),
		'POST /api/events/A/people/{p}': (r, headers, c) => r.post(`${a}/people/${az('changed')}`, { headers, data: { person: { name: `Changed by ${c}` }, expectedVersion: 1 } }),
		'POST /api/events/A/people/{p}/erase': (r, headers) => r.post(`${a}/people/${az('erased')}/erase`, { headers }),
		'GET /api/events/A/people/{p}/history': (r, headers) => r.get(`${a}/people/${az('registered')}/history`, { headers }),
		'GET /api/events/A/registrations': (r, headers) => r.get(`${a}/registrations`, { headers }),
		'POST /api/events/A/registrations': (r, headers, c) => r.post(`${a}/registrations`, { headers, data: { registration: { id: az(`reg-${c}`), competitionId: sA.competitionId, memberIds: [az('free')] } } }),
		'POST /api/events/A/registrations/{r}': (r, headers, c) => r.post(`${a}/registrations/${az('reg')}`, { headers, data: { action: 'pay', expectedVersion: 1, paid: { amount: c.length } } }),
		'POST /api/events/A/registrations/import': (r, headers, c) => r.post(`${a}/registrations/import`, { headers, data: { rows: [{ name: `Imported by ${c}`, competitionId: sA.competitionId }] } }),
							'POST /api/events/A/draws': async (r, headers, c) => {
			const res = await r.post(`${a}/draws`, { headers, data: { competitionId: relayA, seed: `by ${c}`, leftoverChoice: 'waiting' } });
			if (res.status() === 201) drawn.teams = (await res.json()).draw;
			return res;
		},
		'POST /api/events/A/draws/{d}/teams/{t}': (r, headers, c) => r.post(`${a}/draws/${drawn.teams.id}/teams/${drawn.teams.teams[0]?.id ?? 'none'}`, { headers, data: { name: `Renamed by ${c}` } }),
		'POST /api/events/A/draws/turns': async (r, headers, c) => {
			const res = await r.post(`${a}/draws/turns`, { headers, data: { competitionId: relayA, seed: `by ${c}`, capacities: { [`${relayA}-h1`]: 2, [`${relayA}-h2`]: 2 } } });
			if (res.status() === 201) drawn.turns = (await res.json()).draw;
			return res;
		},
		'POST /api/events/A/draws/{d}/swaps': (r, headers) => {
			const ids = Object.keys(drawn.turns.assigned);
			const x = ids.find((id) => drawn.turns.assigned[id] === `${relayA}-h1`) ?? 'none';
			const y = ids.find((id) => drawn.turns.assigned[id] === `${relayA}-h2`) ?? 'none';
			return r.post(`${a}/draws/${drawn.turns.id}/swaps`, { headers, data: { a: x, b: y } });
		},
		'GET /api/events/A/draws': (r, headers) => r.get(`${a}/draws`, { headers }),
		'PUT /api/events/A/photos/{hash}': (r, headers) => r.fetch(`${a}/photos/${sha256Hex(PHOTO)}?${photoQuery}`, { method: 'PUT', headers: { ...headers, 'content-type': 'image/jpeg' }, data: PHOTO }),
		'GET /api/events/A/photos': (r, headers) => r.get(`${a}/photos`, { headers }),
		'GET /api/events/A/evidence': (r, headers) => r.get(`${a}/evidence`, { headers }),
		'PUT /api/events/A/evidence': (r, headers, c) => r.fetch(`${a}/evidence`, { method: 'PUT', headers, data: { retentionDays: c.length } }),
		'POST /api/events/A/evidence/erase': (r, headers) => r.post(`${a}/evidence/erase`, { headers }),
		// No token needed: the published results (the organizer's publication above) are public.
		'GET /api/public/events/A/results': (r, headers) => r.get(`/api/public/events/${A.eventId}/results`, { headers }),
		'GET /api/public/events/A/results/{c}': (r, headers) => r.get(`/api/public/events/${A.eventId}/results/${sA.competitionId}?version=1`, { headers })
	};

	const failures: string[] = [];
	let cells = 0;
	for (const [endpoint, expected] of Object.entries(MATRIX)) {
		for (const c of COLUMNS) {
			cells++;
			const headers: Record<string, string> = { accept: 'application/json' };
			if (authorization[c] !== null) headers.authorization = authorization[c]!;
			const res = await SEND[endpoint]!(request, headers, c);
			const text = await res.text();
			// A backup is NDJSON: its first line, the header, for the checks below.
			const body = JSON.parse(res.headers()['content-type']?.startsWith('application/x-ndjson') ? text.slice(0, text.indexOf('\n')) : text);
			const want = expected[c];
			if (res.status() !== want) failures.push(`${endpoint} as ${c}: expected ${want}, got ${res.status()} ${text.slice(0, 200)}`);
			else if (want >= 400) {
				// A refusal says why, and shows nothing of the event.
				if (typeof body.message !== 'string' || body.message.length < 10) failures.push(`${endpoint} as ${c}: no message in ${text.slice(0, 200)}`);
				if (Object.keys(body).length !== 1) failures.push(`${endpoint} as ${c}: a refusal carries data: ${text.slice(0, 200)}`);
				if (text.includes(A.event.name) || text.includes(sA.competitionId)) failures.push(`${endpoint} as ${c}: the refusal shows A's data`);
				const other = endpoint.includes('/A/') ? c === 'orgB' || c === 'judgeB' || c === 'deskB' : c === 'orgA' || c === 'judgeA' || c === 'displayA' || c === 'deskA';
				const expectedMessage =
					endpoint === 'POST /api/restore' ? /needs the server's admin key.*ADMIN_KEY.*npm run restore/ : want === 401 ? /valid device token/ : want === 404 ? /no entry/ : other ? /another event/ : /may not/;
				if (!expectedMessage.test(body.message)) failures.push(`${endpoint} as ${c}: message "${body.message}" does not match ${expectedMessage}`);
			} else if (endpoint.endsWith("another device's") || endpoint.endsWith("tablet A's next")) {
				// A judge's (and a desk's) events of another device are refused one by one, saying why; an organizer's stored.
				const judge = c === 'judgeA' || c === 'judgeB' || c === 'deskA' || c === 'deskB';
				const reasons = (body.refused as { reason: string }[]).map((x) => x.reason);
				if (judge ? body.stored.length !== 0 || reasons.length !== 2 || !reasons.every((x) => /^this device may only push its own events/.test(x)) : body.stored.length !== 2)
					failures.push(`${endpoint} as ${c}: ${text.slice(0, 300)}`);
			} else if (endpoint.includes('/A/') && endpoint.startsWith('GET')) {
				// The roster, pulls and the evidence name no event: their answers are the event's by their address; A's protests: none without a protest window (their contents: src/lib/server/protests.test.ts, the contract test).
				if (!text.includes(A.eventId) && !/(judge-events|heat-starts|roster|photos|evidence|protests)$/.test(endpoint)) failures.push(`${endpoint} as ${c}: A's data missing`);
			}
		}
	}
	console.log(`authorization matrix: ${Object.keys(MATRIX).length} endpoints × ${COLUMNS.length} callers = ${cells} cells`);
	expect(failures).toEqual([]);
	expect(cells).toBe(671);

	// What the refused requests would have changed is as the allowed ones left it.
	const after = await snapshot(A.eventId, A.token);
	expect(after.setup.heats.find((h: { id: string }) => h.id === sA.heatId).name).toBe('Renamed by orgA');
	// The event screen's changes: the organizer's only (its venue, its competition at a new ruleset version, no heat left).
	expect(after.setup.event).toEqual({ ...before.setup.event, venue: 'Venue by orgA' });
	const added = after.setup.competitions.filter((c: { id: string }) => !before.setup.competitions.some((b: { id: string }) => b.id === c.id));
	expect(added.map((c: { name: string; ruleset: { id: string; version: number } }) => [c.name, c.ruleset.id, c.ruleset.version > RULESET.version])).toEqual([['Added by orgA', RULESET.id, true]]);
	expect(after.setup.heats.some((h: { competitionId: string }) => h.competitionId === added[0].id)).toBe(false);
	const preparedA = (await (await request.get(`${a}/preparation`, { headers: { authorization: `Bearer ${A.token}`, accept: 'application/json' } })).json()) as { competitions: { competition: { id: string }; changes: { reason: string }[] }[] };
	expect(preparedA.competitions.find((c) => c.competition.id === added[0].id)?.changes.map((ch) => ch.reason)).toEqual(['Changed by orgA']);
	const unchanged = (s: typeof before.setup) => ({ ...s, event: null, competitions: s.competitions.filter((c: { id: string }) => c.id !== added[0].id), rulesets: s.rulesets.filter((r: { id: string; version: number }) => r.version === RULESET.version || r.id !== RULESET.id), heats: [], merges: [], entries: s.entries.filter((e: { competitionId: string }) => e.competitionId !== relayA) });
	expect(unchanged(after.setup)).toEqual(unchanged(before.setup));
	// The relay's entries: only orgA's draws made them (its team, renamed; its four registrations in their turns).
	expect(before.setup.entries.filter((e: { competitionId: string }) => e.competitionId === relayA)).toEqual([]);
	expect(after.setup.entries.filter((e: { competitionId: string }) => e.competitionId === relayA).map((e: { name: string }) => e.name).sort()).toEqual(['Relay 1', 'Relay 2', 'Relay 3', 'Relay 4', 'Renamed by orgA']);
	// Only the organizer's merge was recorded.
	expect(before.setup.merges).toEqual([]);
	expect(after.setup.merges.map((m: { id: string; reason: string }) => [m.id, m.reason])).toEqual([[`az-${RUN}-merge-orgA`, 'Merged by orgA']]);
	const deviceIdsOfEvents = new Set(after.events.map((e) => e.deviceId));
	for (const c of COLUMNS) {
		expect(deviceIdsOfEvents.has(pushDevice(c)), `push as ${c} stored`).toBe(MATRIX['POST /api/events/A/judge-events']![c] === 200);
		expect(deviceIdsOfEvents.has(`az-${RUN}-spoof-${c}`), `another device's events pushed as ${c} stored`).toBe(c === 'orgA');
		expect(deviceIdsOfEvents.has(`az-${RUN}-file-${c}`), `import as ${c} stored`).toBe(MATRIX['POST /api/events/A/import']![c] === 200);
	}
	expect(after.events.length).toBe(before.events.length + 2 * 3 + 3 + 2);
	const labels = after.devices.map((d: { label: string }) => d.label);
	for (const c of COLUMNS) expect(labels.includes(`Added by ${c}`), `device added by ${c}`).toBe(c === 'orgA');
	// The organizer's device, and a judge token per caller that paired by A's table card.
	expect(after.devices.length).toBe(before.devices.length + 1 + COLUMNS.length);
	for (const c of COLUMNS) {
		const t = after.devices.find((d: { id: string }) => d.id === targets[c].device.id);
		expect(t.revokedAt !== null, `device revoked by ${c}`).toBe(c === 'orgA');
	}
	expect(after.devices.find((d: { id: string }) => d.id === revoked.device.id).revokedAt).not.toBeNull();
	// Only A's organizer changed A's register.
	const reg = expectStatus(await call('GET', `${a}/register`, { token: A.token }), 200, "A's register").body;
	const names = reg.people.map((p: { name: string }) => p.name);
	for (const c of COLUMNS) {
		expect(names.includes(`Added by ${c}`), `person added by ${c}`).toBe(c === 'orgA');
		expect(names.includes(`Imported by ${c}`), `person imported by ${c}`).toBe(c === 'orgA');
		expect(reg.registrations.some((r: { id: string }) => r.id === az(`reg-${c}`)), `registration by ${c}`).toBe(c === 'orgA');
	}
	expect(reg.people.find((p: { id: string }) => p.id === az('changed'))).toMatchObject({ name: 'Changed by orgA', version: 2 });
	expect(reg.people.find((p: { id: string }) => p.id === az('erased')).erasedAt).toEqual(expect.any(Number));
	expect(reg.registrations.find((r: { id: string }) => r.id === az('reg')).paid.amount).toBe('orgA'.length);
	expect(JSON.stringify(expectStatus(await call('GET', `/api/events/${B.eventId}/register`, { token: B.token }), 200, "B's register").body)).not.toContain(A.eventId);
	// Only the organizer's start of a heat was recorded.
	const starts = (await (await request.get(`${a}/heat-starts`, { headers: { authorization: `Bearer ${A.token}`, accept: 'application/json' } })).json()) as { starts: { id: string }[] };
	expect(starts.starts.map((s) => s.id)).toEqual([`az-${RUN}-start-orgA`]);
	// Only the organizer published, once, and made it final; B's organizer could not publish A's results.
	const published = (await (await request.get(`/api/public/events/${A.eventId}/results`, { headers: { accept: 'application/json' } })).json()) as { competitions: { latest: { version: number; state: string; note: string }; versions: unknown[] }[] };
	expect(published.competitions.map((c) => [c.latest.version, c.latest.state, c.latest.note, c.versions.length])).toEqual([[1, 'final', 'Published by orgA', 1]]);
	const publishedB = (await (await request.get(`/api/public/events/${B.eventId}/results`, { headers: { accept: 'application/json' } })).json()) as { competitions: unknown[] };
	expect(publishedB.competitions).toEqual([]);
	// B's organizer saw nothing of A, and A's own set-up of B's event is untouched.
	const afterB = await snapshot(B.eventId, B.token);
	expect(afterB.setup.competitions.map((c: { id: string }) => c.id)).toEqual([sB.competitionId]);
	// B holds what its organizer pushed under tablet A's IDs; tablet A's real events with those numbers are stored in A, not conflicts.
	expect(afterB.events).toEqual(takenOf());
	const real = expectStatus(await call('POST', `${a}/judge-events`, { token: judgeA.token, json: { events: tabletA.slice(2) } }), 200, 'tablet A pushes on');
	expect(real.body).toMatchObject({ stored: tabletA.slice(2).map((e) => ({ id: e.id })), duplicates: [], conflicts: [], refused: [] });
	expect((await snapshot(B.eventId, B.token)).events).toEqual(takenOf());
	// B's start under A's start ID is B's own; A's is as it was.
	const startsB = (await (await request.get(`${b}/heat-starts`, { headers: { authorization: `Bearer ${B.token}`, accept: 'application/json' } })).json()) as { starts: { id: string; heatId: string }[] };
	expect(startsB.starts.map((s) => [s.id, s.heatId])).toEqual([[`az-${RUN}-start-orgA`, sB.heatId]]);
	// The revoked judge's token stays refused, and its old pairing code too.
	expect((await pullAll(A.eventId, judgeA.token)).events.length).toBe(after.events.length + 2);
	const stillRevoked = await request.get(`${a}/judge-events`, { headers: { authorization: `Bearer ${revoked.token}`, accept: 'application/json' } });
	expect(stillRevoked.status()).toBe(401);
	const revokedCode = await request.post('/api/pair', { headers: { accept: 'application/json' }, data: { code: revoked.code } });
	expect(revokedCode.status()).toBe(404);
});

test('restore on a server with ADMIN_KEY: refused (401) without the key, with a wrong one, with any device token; the key restores (issue 12, point 1)', async () => {
	const A = await createEvent(`Authz restore ${RUN}`);
	const sA = setupOf(A.eventId, `az-${RUN}-r`);
	await writeSetup(A.eventId, A.token, sA.body);
	const judgeA = await addDevice(A.eventId, A.token, 'judge', 'Judge');
	const backup = await backupOf(A.eventId, A.token);
	const second = await startSecondServer();
	try {
		const other = await createEvent(`Authz other ${RUN}`, second.base, second.adminKey);
		const before = tableCounts(second.dbFile);
		const refused: Record<string, string | null> = {
			none: null,
			malformed: 'not-a-token',
			unknown: randomBytes(32).toString('base64url'),
			'wrong key': `${second.adminKey}x`,
			"the key's prefix": second.adminKey.slice(0, -1),
			"an organizer's token there": other.token,
			"the backup's organizer token": A.token,
			"the backup's judge token": judgeA.token
		};
		for (const [who, adminKey] of Object.entries(refused)) {
			const a = await restore(backup.text, { base: second.base, adminKey });
			expect(a.status, who).toBe(401);
			expect(a.body, who).toEqual({ message: expect.stringMatching(/needs its admin key/) });
		}
		expect(tableCounts(second.dbFile)).toEqual(before);
		const ok = await restore(backup.text, { base: second.base, adminKey: second.adminKey });
		expect(ok.status, ok.text).toBe(201);
		expect((await pullAll(A.eventId, judgeA.token, { base: second.base })).events).toEqual([]);
	} finally {
		await second.stop();
	}
});

// The card-token rows (issue 29): what a tablet paired from heat 1's table card may push, every
// event type × its own heat, another heat of its competition, competition-wide (no heat): an
// allow-list of a judge's actions at its own heat, written down in src/lib/server/card-matrix.testkit.ts.
test('authorization matrix, table-card rows: a card token × every event type × own heat / other heat / competition-wide', async () => {
	const A = await createEvent(`Authz cards ${RUN}`);
	const tag = `az-${RUN}-k`;
	const sA = setupOf(A.eventId, tag);
	const otherHeat = `${tag}-h2`;
	const otherEntries = [`${tag}-x1`, `${tag}-x2`] as const;
	await writeSetup(A.eventId, A.token, {
		...sA.body,
		heats: [...sA.body.heats, { id: otherHeat, competitionId: sA.competitionId, name: 'Heat 2' }],
		entries: [...sA.body.entries, ...otherEntries.map((id, i) => ({ id, competitionId: sA.competitionId, heatId: otherHeat, name: `Other ${i + 1}`, members: [], table: '2', seat: String(i + 1) }))]
	});
	const TABLET = `${tag}-tablet`;
	const card = { token: await pairByCard(await printedCardSecret(A.eventId, A.token, sA.heatId), TABLET) };
	const seqs = { [TABLET]: 0, [`${tag}-org`]: 0 };
	const at = (where: Where, type: ActionType, deviceId = TABLET): ActionEvent => {
		const seq = ++seqs[deviceId]!;
		const heatId = where === 'own heat' ? sA.heatId : where === 'other heat' ? otherHeat : null;
		const entries = where === 'other heat' ? otherEntries : ([sA.entryIds[0]!, sA.entryIds[1]!] as const);
		return sampleEvent(type, { id: `${deviceId}-${seq}`, deviceId, seq, at: T0 + seq, competitionId: sA.competitionId, heatId }, entries);
	};
	const push = async (e: JudgeEvent): Promise<Cell> => {
		const r = expectStatus(await call('POST', `/api/events/${A.eventId}/judge-events`, { token: card.token, json: { events: [e] } }), 200, `${e.type} pushed`).body as { stored: unknown[]; refused: unknown[] };
		expect(r.stored.length + r.refused.length, e.type).toBe(1);
		return r.stored.length === 1 ? 'stored' : 'refused';
	};
	const seen = {} as Record<ActionType | 'correction', Cell[]>;
	for (const type of ACTION_TYPES) {
		seen[type] = [];
		for (const where of WHERE) seen[type].push(await push(at(where, type)));
	}
	// Corrections of what the organizer recorded at each place.
	const targets = WHERE.map((where) => at(where, where === 'competition-wide' ? 'tiebreak.result' : 'hand.raised', `${tag}-org`));
	expect((expectStatus(await call('POST', `/api/events/${A.eventId}/judge-events`, { token: A.token, json: { events: targets } }), 200, 'targets').body as { stored: unknown[] }).stored).toHaveLength(3);
	seen.correction = [];
	for (const target of targets) {
		const seq = ++seqs[TABLET]!;
		seen.correction.push(await push(sampleVoid(target, { id: `${TABLET}-${seq}`, deviceId: TABLET, seq, at: T0 + seq })));
	}
	expect(seen).toEqual(CARD_MATRIX);
	// And the probe's repro: heat 1's card deciding the competition's tie for first, far in the future.
	const tiebreak = { ...at('competition-wide', 'tiebreak.result'), at: 8_000_000_000_000 };
	expect(await push(tiebreak)).toBe('refused');
});

test('public pages need no token: GET /, /station and /results/{e} answer 200', async ({ request }) => {
	for (const path of ['/', '/station', '/results/demo']) {
		const res = await request.get(path, { headers: { accept: 'text/html' } });
		expect(res.status(), path).toBe(200);
		expect(await res.text(), path).toContain('<html');
	}
});

const T = () => Date.now();
function pick(body: { competitions: unknown[]; heats: unknown[]; entries: unknown[] }) {
	return { competitions: body.competitions, heats: body.heats, entries: body.entries };
}

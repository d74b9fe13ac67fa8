import { expect } from 'vitest';
import { presetById } from '../../src/lib/rules/presets';
import { addDevice, call, createEvent, DAY, expectStatus, RUN, writeSetup } from '../sync-kit';
import { test, type APIRequestContext, type APIResponse } from './request';

/**
 * The roster's ETag over real HTTP against the production build (issue 29 #9): GET …/roster
 * answers with a strong ETag and `Cache-Control: private, no-cache`; the same request naming that
 * ETag in If-None-Match gets 304 with no body, from every role, until something the roster is built
 * from changes (a payment, a cancellation, an erasure), which gives the whole roster with another
 * ETag. A device without a valid token, or of another event, never gets a 304 for it.
 */

const IND = presetById('czjpa-individual')!;
const DAY_MS = 86_400_000;
const T0 = Date.parse(`${DAY}T10:00:00Z`) - 60 * DAY_MS;
const ETAG = /^"r-[A-Za-z0-9_.:-]+-[A-Za-z0-9_-]{43}"$/;

async function roster(request: APIRequestContext, eventId: string, token: string | null, ifNoneMatch?: string): Promise<APIResponse> {
	const headers: Record<string, string> = { accept: 'application/json' };
	if (token) headers.authorization = `Bearer ${token}`;
	if (ifNoneMatch !== undefined) headers['if-none-match'] = ifNoneMatch;
	return request.get(`/api/events/${eventId}/roster`, { headers });
}

/** A full answer: 200, the roster as JSON, its ETag, and a cache that must ask again. */
async function full(res: APIResponse, what: string): Promise<{ etag: string; body: { id: string; status: string; paid: boolean; members: { name: string }[] }[] }> {
	expect(res.status(), `${what}: ${await res.text()}`).toBe(200);
	const etag = res.headers().etag ?? '';
	expect(etag, what).toMatch(ETAG);
	expect(res.headers()['cache-control'], what).toBe('private, no-cache');
	return { etag, body: await res.json() };
}

/** A 304: no body, the same ETag and cache rule. */
async function notModified(res: APIResponse, etag: string, what: string): Promise<void> {
	expect(res.status(), `${what}: ${await res.text()}`).toBe(304);
	expect(await res.text(), what).toBe('');
	expect(res.headers().etag, what).toBe(etag);
	expect(res.headers()['cache-control'], what).toBe('private, no-cache');
}

test('issue 29 #9: the roster answers If-None-Match with 304 until what it is built from changes', async ({ request }) => {
	const { eventId, token } = await createEvent(`Roster ETag ${RUN}`);
	const e = `/api/events/${eventId}`;
	const ind = `re-${RUN}-ind`;
	await writeSetup(eventId, token, { rulesets: [IND], competitions: [{ id: ind, eventId, name: 'CZJPA individual', ruleset: { id: IND.id, version: IND.version } }] });
	const send = async (path: string, json: unknown, status: number, what: string) => expectStatus(await call('POST', `${e}${path}`, { token, json }), status, what).body;
	for (const i of [1, 2, 3]) {
		await send('/people', { person: { id: `p${i}`, name: `Řešitel ${i}`, birthDate: '1980-01-01', email: `solver${i}.${RUN}@example.org` } }, 201, `person ${i}`);
		await send('/registrations', { registration: { id: `r${i}`, competitionId: ind, memberIds: [`p${i}`], registeredAt: T0 + i } }, 201, `registration ${i}`);
	}
	const desk = await addDevice(eventId, token, 'desk', 'Door');
	const judge = await addDevice(eventId, token, 'judge', 'Table 1');

	// The first pull: the whole roster with its ETag.
	const first = await full(await roster(request, eventId, desk.token), 'first pull');
	expect(first.body.map((r) => r.id)).toEqual(['r1', 'r2', 'r3']);
	expect(first.etag.startsWith(`"r-${eventId}-`)).toBe(true);
	// Asked again without the ETag: the same roster, the same ETag.
	expect((await full(await roster(request, eventId, desk.token), 'again')).etag).toBe(first.etag);

	// Nothing changed: 304 for the desk, for a judge and the organizer (the same roster for every role), in every form of the header.
	for (const [who, t] of [['desk', desk.token], ['judge', judge.token], ['organizer', token]] as const) await notModified(await roster(request, eventId, t, first.etag), first.etag, who);
	for (const header of [`W/${first.etag}`, `"other", ${first.etag}`, '*']) await notModified(await roster(request, eventId, desk.token, header), first.etag, header);
	// An ETag that is not the roster's: the whole roster.
	expect((await full(await roster(request, eventId, desk.token, '"r-old"'), 'another ETag')).etag).toBe(first.etag);
	// What the roster is not built from leaves it: a device added, a heat.
	await addDevice(eventId, token, 'display', 'Hall');
	expectStatus(await call('POST', `${e}/competitions/${ind}/heats`, { token, json: { name: 'Heat 1' } }), 201, 'a heat');
	await notModified(await roster(request, eventId, desk.token, first.etag), first.etag, 'after a device and a heat');

	// A payment: the whole roster, with another ETag; then 304 for that one.
	await send('/registrations/r1', { action: 'pay', expectedVersion: 1, paid: { amount: 400 } }, 200, 'pay r1');
	const paid = await full(await roster(request, eventId, desk.token, first.etag), 'after a payment');
	expect(paid.etag).not.toBe(first.etag);
	expect(paid.body.find((r) => r.id === 'r1')!.paid).toBe(true);
	await notModified(await roster(request, eventId, judge.token, paid.etag), paid.etag, 'after a payment, again');

	// A cancellation: r2 leaves the roster.
	await send('/registrations/r2', { action: 'cancel', expectedVersion: 1 }, 200, 'cancel r2');
	const cancelled = await full(await roster(request, eventId, desk.token, paid.etag), 'after a cancellation');
	expect(cancelled.etag).not.toBe(paid.etag);
	expect(cancelled.body.map((r) => r.id)).toEqual(['r1', 'r3']);

	// An erasure (the name stays, the rows changed): another ETag.
	expectStatus(await call('POST', `${e}/people/p3/erase`, { token }), 200, 'erase p3');
	const erased = await full(await roster(request, eventId, desk.token, cancelled.etag), 'after an erasure');
	expect(erased.etag).not.toBe(cancelled.etag);
	expect(new Set([first.etag, paid.etag, cancelled.etag, erased.etag]).size).toBe(4);

	// No 304 without a valid token of the event, whatever the header names.
	for (const [who, t, status] of [['no token', null, 401], ['an unknown token', 'pj_unknown-token-0123456789abcdef', 401]] as const)
		expect((await roster(request, eventId, t, erased.etag)).status(), who).toBe(status);
	const other = await createEvent(`Roster ETag other ${RUN}`);
	const otherDesk = await addDevice(other.eventId, other.token, 'desk', 'Door');
	const refused = await roster(request, eventId, otherDesk.token, erased.etag);
	expect(refused.status()).toBe(403);
	expect(refused.headers().etag).toBeUndefined();
	// The other event's own roster (empty) has an ETag of its own.
	const empty = await full(await roster(request, other.eventId, otherDesk.token), 'an event without registrations');
	expect(empty.body).toEqual([]);
	expect(empty.etag).not.toBe(erased.etag);
	await notModified(await roster(request, other.eventId, otherDesk.token, empty.etag), empty.etag, 'an empty roster, again');
});

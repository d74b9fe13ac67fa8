import { afterEach, expect, test, vi } from 'vitest';
import { startServer, type FreshServer } from '../server-process';
import { call, createEvent, expectStatus, RULESET, RUN, writeSetup } from '../sync-kit';
import { apiRequest, type APIResponse } from './request';

/**
 * Issue 29 #6: POST /api/pair/card took any number of wrong card secrets (1,000 in 3.8 s, every
 * one 404, none counted). Wrong secrets are now throttled as wrong pairing codes are, by the same
 * guard (src/lib/server/pairing-guard.ts, attemptCardPairing in src/lib/server/pairing.ts): a
 * burst from one address gets 429 with Retry-After, a right card waits like any other meanwhile
 * and pairs after the wait, and every attempt counts in the failed pairing attempts the organizer
 * sees (GET /api/events/{e}/devices → pairingFailures).
 *
 * On a server of its own (tests/server-process.ts): a burst from 127.0.0.1 makes that address wait
 * up to a minute, for pairing codes too, which must not reach the worker's shared server.
 */

// One after another (vitest runs a file's tests in order), 60 s each.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let server: FreshServer | undefined;
afterEach(async () => {
	await server?.stop();
	server = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('issue 29 #6: a burst of wrong table-card secrets gets 429 with Retry-After, the right card pairs after the wait, and the organizer sees the failed attempts', async () => {
	server = await startServer();
	const base = server.base;
	const request = apiRequest(base);
	const json = { accept: 'application/json' };

	// An event with one seated table, and its card.
	const { eventId, token: org } = await createEvent(`Card guard ${RUN}`, base);
	const competitionId = `${eventId}-ind`;
	const heatId = `${competitionId}-h1`;
	await writeSetup(
		eventId,
		org,
		{
			rulesets: [RULESET],
			competitions: [{ id: competitionId, eventId, name: 'Individuals', ruleset: { id: RULESET.id, version: RULESET.version } }],
			heats: [{ id: heatId, competitionId, name: 'Heat 1' }],
			entries: [{ id: `${competitionId}-e1`, competitionId, heatId, name: 'Dana Černá', members: [], table: '1', seat: '1' }]
		},
		base
	);
	const printed = expectStatus(await call('POST', `/api/events/${eventId}/cards`, { token: org, json: { heatId }, base }), 201, 'print cards').body as { cards: { link: string }[] };
	const secret = new URLSearchParams(new URL(printed.cards[0]!.link).hash.slice(1)).get('card')!;
	const scan = (card: string, deviceId = 'tab-card') => request.post('/api/pair/card', { headers: json, data: { card, deviceId } });

	// A burst of well-formed wrong secrets from this address: the first few are looked at (404), the rest wait (429).
	const statuses: number[] = [];
	let last: APIResponse | undefined;
	for (let i = 0; i < 12; i++) {
		last = await scan(`wrong-card-secret-${RUN}-${i}`);
		statuses.push(last.status());
	}
	const throttledAt = Date.now();
	expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
	expect(statuses.slice(5)).toEqual(Array(7).fill(429));
	const retryAfter = Number(last!.headers()['retry-after']);
	expect(retryAfter).toBeGreaterThanOrEqual(1);
	expect(retryAfter).toBeLessThanOrEqual(12);
	expect(last!.headers()['cache-control']).toBe('no-store');
	expect(await last!.json()).toEqual({ message: `too many wrong table cards: wait ${retryAfter} s, then scan the card again` });

	// The right card meanwhile is not even looked at: told to wait, no tablet paired.
	const early = await scan(secret);
	expect(early.status(), await early.text()).toBe(429);
	const cards = expectStatus(await call('GET', `/api/events/${eventId}/cards`, { token: org, base }), 200, 'list cards').body as { cards: { tablets: number }[] };
	expect(cards.cards.map((c) => c.tablets)).toEqual([0]);

	// The organizer sees them: 12 wrong secrets and the card refused unread, the last from this address.
	const devices = await request.get(`/api/events/${eventId}/devices`, { headers: { ...json, authorization: `Bearer ${org}` } });
	expect(devices.status(), await devices.text()).toBe(200);
	expect((await devices.json()).pairingFailures).toEqual({ count: 13, lastAt: expect.any(Number), lastAddress: expect.stringMatching(/(^|:)127\.0\.0\.1$/) });

	// One budget per address for codes and cards: a pairing code from it waits too.
	const code = await request.post('/api/pair', { headers: json, data: { code: 'ABCD-EFGH' } });
	expect(code.status(), await code.text()).toBe(429);

	// After the wait, the card pairs: a judge token of the tablet's own, at the card's heat and table.
	await sleep(Math.max(0, throttledAt + retryAfter * 1000 + 300 - Date.now()));
	const paired = await scan(secret);
	expect(paired.status(), await paired.text()).toBe(200);
	const answer = await paired.json();
	expect(answer).toMatchObject({ eventId, competitionId, heatId, table: '1', device: { role: 'judge' }, token: expect.any(String) });
	expectStatus(await call('GET', `/api/events/${eventId}/setup`, { token: answer.token, base }), 200, 'the paired token pulls the set-up');
});

import { describe, expect, it } from 'vitest';
import type { EventDraft } from '$lib/db/event-log';
import { DeviceLog } from '$lib/events/builder';
import type { Protest } from '$lib/contract';
import { SyncApi } from '$lib/sync/client/api';
import { ProtestDesk } from './protests.svelte';

const T0 = Date.UTC(2026, 4, 16, 9);
const PROTEST: Protest = {
	id: 'p-1', eventId: 'spring', competitionId: 'solo', entryIds: ['bea'], raisedBy: 'Anna', claim: 'Late', raisedAt: T0, publicationVersion: 1, photoHashes: [],
	state: 'open', decidedAt: null, decisionReason: null, correctionEventIds: [], answeredByVersion: null, recordedBy: 'dev-org', recordedAt: T0
};

/** A desk over a fake server: what was asked of it, in order, and the events "recorded" on the device. */
function desk(answers: { photos?: number; list?: number } = {}) {
	const steps: string[] = [];
	const recorded: EventDraft[] = [];
	const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
	const fetch = async (url: string, init: RequestInit = {}) => {
		const path = new URL(url).pathname;
		const body = init.body ? JSON.parse(String(init.body)) : undefined;
		steps.push(`${init.method} ${path}`);
		if (path.endsWith('/decision')) return json(200, { protest: { ...PROTEST, state: body.decision, decidedAt: T0 + 1, decisionReason: body.reason, correctionEventIds: body.correctionEventIds ?? [] } });
		if (path.endsWith('/photos')) return json(answers.photos ?? 404, answers.photos === 200 ? { photos: [] } : { message: 'no such route' });
		return json(answers.list ?? 200, answers.list && answers.list >= 400 ? { message: 'server away' } : { protests: [PROTEST] });
	};
	const api = new SyncApi({ server: 'http://s.test', token: 't'.repeat(24), fetch, setTimeout, clearTimeout });
	const tab = new DeviceLog({ deviceId: 'tab-1', judge: 'Eva', competitionId: 'solo', heatId: 'h1' });
	tab.start(T0, ['bea']);
	const hand = tab.hand('bea', T0 + 40 * 60_000);
	const d = new ProtestDesk({
		target: () => ({ api, eventId: 'spring' }),
		log: () => tab.events,
		record: async (drafts) => {
			steps.push('record on this device and push');
			recorded.push(...drafts);
			return drafts.map((_, i) => `org-${i + 7}`);
		},
		judge: () => 'Desk',
		now: () => T0 + 3_600_000,
		mono: () => 12
	});
	return { d, steps, recorded, hand };
}

const ENTRY = { id: 'bea', competitionId: 'solo', heatId: 'h1' };

describe('the organizer\'s protests', () => {
	it('an upheld protest\'s correction is recorded on this device and pushed first, then the decision is sent with its ID', async () => {
		const { d, steps, recorded } = desk();
		const decided = await d.decide(PROTEST, { decision: 'upheld', reason: ' The video ', correction: { kind: 'adjust', entryId: 'bea', seconds: 10 }, entry: ENTRY });
		expect(steps).toEqual(['record on this device and push', 'POST /api/events/spring/protests/p-1/decision', 'GET /api/events/spring/protests']);
		expect(recorded).toEqual([
			{ at: T0 + 3_600_000, mono: 12, judge: 'Desk', type: 'time.adjusted', competitionId: 'solo', heatId: 'h1', entryId: 'bea', payload: { deltaMs: 10_000, reason: 'Protest: The video' } }
		]);
		expect(decided).toMatchObject({ state: 'upheld', decisionReason: 'The video', correctionEventIds: ['org-7'] });
	});

	it('voids an event of the entry the same way; a rejected protest records nothing', async () => {
		const { d, recorded, steps, hand } = desk();
		expect(d.targets('bea').inForce.map((t) => t.event.id)).toEqual([hand.id]);
		await d.decide(PROTEST, { decision: 'upheld', reason: 'Seen', correction: { kind: 'void', eventId: hand.id }, entry: ENTRY });
		expect(recorded[0]).toMatchObject({ type: 'correction', entryId: 'bea', payload: { supersedes: hand.id, reason: 'Protest: Seen' } });
		steps.length = 0;
		const rejected = await d.decide(PROTEST, { decision: 'rejected', reason: 'No', correction: { kind: 'void', eventId: hand.id }, entry: ENTRY });
		expect(steps).toEqual(['POST /api/events/spring/protests/p-1/decision', 'GET /api/events/spring/protests']);
		expect(rejected.correctionEventIds).toEqual([]);
	});

	it('lists the protests per competition; says why a load failed; photos unavailable is null, never an error', async () => {
		const ok = desk({ photos: 200 });
		await ok.d.load();
		expect(ok.d.of('solo')).toEqual([PROTEST]);
		expect(ok.d.of('pairs')).toEqual([]);
		expect(await ok.d.photos(['bea'])).toEqual([]);
		const away = desk({ list: 503 });
		await away.d.load();
		expect(away.d.problem).toMatch(/server away/);
		expect(await away.d.photos(['bea'])).toBeNull();
	});
});

import { describe, expect, it } from 'vitest';
import { DEMO_EVENT_ID } from './demo';
import { openStore } from './db';
import { answerOf } from './http-error.testkit';
import { publish } from './publications';
import { publicCompetitionResult, publicResults, versionOf } from './public-results';
import type { Store } from './store';
import { storePerTest } from './store-per-test.testkit';

const T0 = Date.UTC(2026, 4, 16, 9);
const COMPETITION = 'demo-czjpa-individual';
let store: Store;

storePerTest(openStore, (s) => (store = s));

describe('public results', () => {
	it('show published competitions only, and answer 404 for an unknown event, competition or version', () => {
		expect(publicResults(store, DEMO_EVENT_ID).competitions).toEqual([]);
		expect(answerOf(() => publicCompetitionResult(store, DEMO_EVENT_ID, COMPETITION)).status).toBe(404);
		const v1 = publish(store, DEMO_EVENT_ID, COMPETITION, { now: T0 });
		expect(publicResults(store, DEMO_EVENT_ID).competitions.map((c) => c.latest)).toEqual([v1]);
		expect(publicCompetitionResult(store, DEMO_EVENT_ID, COMPETITION, 1)).toEqual({ publication: v1, versions: [expect.objectContaining({ version: 1 })] });
		for (const [event, competition, version] of [
			['nowhere', COMPETITION, undefined],
			['__proto__', COMPETITION, undefined],
			[DEMO_EVENT_ID, COMPETITION, 2],
			[DEMO_EVENT_ID, 'demo-es-adult-individual', undefined],
			[DEMO_EVENT_ID, 'a/b', undefined]
		] as const)
			expect(answerOf(() => publicCompetitionResult(store, event, competition, version)).status, `${event} ${competition} ${version}`).toBe(404);
		expect(answerOf(() => publicResults(store, 'x'.repeat(500))).status).toBe(404);
	});

	it('read ?version= as a positive integer; 400 otherwise', () => {
		expect(versionOf(new URL('http://x/r'))).toBeUndefined();
		expect(versionOf(new URL('http://x/r?version=3'))).toBe(3);
		for (const bad of ['0', '-1', '1.5', 'abc', '', 'Infinity', '1e400'])
			expect(answerOf(() => versionOf(new URL(`http://x/r?version=${encodeURIComponent(bad)}`))).status, bad).toBe(400);
	});
});

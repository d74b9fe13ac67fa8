import { beforeEach, describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { EVENT_FILE_FORMAT, EVENT_FILE_VERSION, type EventFile } from '$lib/files/event-file';
import { quickSetup } from '$lib/station/quick-setup';
import { openStore } from './db';
import { DEMO_EVENT_ID } from './demo';
import { answerOf } from './http-error.testkit';
import { importEventFile } from './import-file';
import type { Store } from './store';
import { issueToken } from './tokens';
import type { Device } from '$lib/contract';
import { storePerTest } from './store-per-test.testkit';

const T0 = Date.UTC(2026, 4, 16, 9);
let store: Store;
let organizer: Device;
storePerTest(openStore, (s) => (store = s));
beforeEach(() => {
	organizer = issueToken(store, { eventId: DEMO_EVENT_ID, role: 'organizer', label: 'Desk', now: T0 });
});

/** What a tablet without a network exports: a heat it set up on the spot, 1,200 events long. */
function tabletFile(): EventFile {
	const q = quickSetup({ presetId: 'czjpa-individual', seatNames: ['Ann', 'Bob'], day: '2026-05-16', suffix: 'file1' });
	if (!q.ok) throw new Error('quick set-up');
	const { bundle, competitionId, heatId } = q.value;
	const log = new DeviceLog({ deviceId: 'tab-f', judge: 'Eva', competitionId, heatId });
	const ids = bundle.entries.map((e) => e.id);
	log.start(T0, ids);
	for (let i = 0; i < 600; i++) log.pause(ids[i % 2]!, T0 + i * 1000, T0 + i * 1000 + 500);
	const events = log.events;
	return {
		format: EVENT_FILE_FORMAT,
		version: EVENT_FILE_VERSION,
		exportedAt: T0 + 3_600_000,
		deviceId: 'tab-f',
		setup: { events: bundle.days, rulesets: bundle.rulesets, competitions: bundle.competitions, heats: bundle.heats, entries: bundle.entries },
		log: events
	};
}

describe('importing a tablet file into the server', () => {
	it('adopts its set-up and stores every event once; the same file again changes nothing', () => {
		const file = tabletFile();
		const text = JSON.stringify(file);
		const first = importEventFile(store, organizer, text, 'table-1.json', T0);
		expect(first.stored).toHaveLength(file.log.length);
		expect(first.setupAdded).toEqual([file.setup.competitions[0]!.id]);
		expect(first.refused).toEqual([]);
		const second = importEventFile(store, organizer, text, 'table-1.json', T0);
		expect(second.stored).toEqual([]);
		expect(second.duplicates).toHaveLength(file.log.length);
		expect(store.judgeEventsOfEvent(DEMO_EVENT_ID, 0, 5000).events).toEqual(file.log);
	});

	it('refuses a broken file with every problem named, storing nothing', () => {
		const file = tabletFile();
		const broken = { ...file, log: [file.log[0], { ...file.log[1], seq: 'two' }, { ...file.log[2], entryId: 'nobody' }] };
		const answer = answerOf(() => importEventFile(store, organizer, JSON.stringify(broken), 'bad.json', T0));
		expect(answer.status).toBe(400);
		expect(answer.message).toMatch(/^the file was not imported: bad\.json/);
		expect(answer.message).toMatch(/log\[1\]/);
		expect(answerOf(() => importEventFile(store, organizer, '{"format": ', 'cut.json', T0)).message).toMatch(/not valid JSON/);
		expect(store.judgeEventsOfEvent(DEMO_EVENT_ID, 0, 10).events).toEqual([]);
		expect(store.getCompetition(DEMO_EVENT_ID, file.setup.competitions[0]!.id)).toBeUndefined();
	});
});

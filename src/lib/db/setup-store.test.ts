import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { presetById } from '$lib/rules/presets';
import type { Competition, CompetitionEvent } from '$lib/setup/schema';
import { StationDb } from './station-db';
import { exportEventFile, saveSetup, type SetupBundle } from './setup-store';

const ruleset = presetById('czjpa-individual')!;
const ref = { id: ruleset.id, version: ruleset.version };
const day = (id: string, date = '2026-12-03'): CompetitionEvent => ({ id, name: date, date });
const competition = (id: string, eventId: string): Competition => ({ id, eventId, name: id, ruleset: ref });
const bundle = (days: CompetitionEvent[], competitions: Competition[]): SetupBundle => ({
	days,
	rulesets: [ruleset],
	competitions,
	heats: competitions.map((c) => ({ id: `${c.id}-h1`, competitionId: c.id, name: 'Heat 1' })),
	entries: competitions.map((c) => ({ id: `${c.id}-s1`, competitionId: c.id, heatId: `${c.id}-h1`, name: 'Ana', members: [], seat: '1' }))
});

function freshDb(): StationDb {
	return new StationDb(`setup-store-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
}

const dayIds = async (db: StationDb) => (await db.days.toArray()).map((d) => d.id).sort();

describe('saveSetup', () => {
	it('removes a day that its last competition left for another event (the server adopted a quick set-up)', async () => {
		const db = freshDb();
		await saveSetup(db, bundle([day('day-2026-12-03')], [competition('q-1', 'day-2026-12-03')]));
		await saveSetup(db, bundle([day('ev1')], [competition('q-1', 'ev1')]));
		expect(await dayIds(db)).toEqual(['ev1']);
		expect((await db.competitions.get('q-1'))?.eventId).toBe('ev1');
		expect(await db.heats.get('q-1-h1')).toBeDefined();
		expect(await db.entries.get('q-1-s1')).toBeDefined();
	});

	it('keeps a day that still holds a competition (one the server did not adopt)', async () => {
		const db = freshDb();
		await saveSetup(db, bundle([day('day-2026-12-03')], [competition('q-1', 'day-2026-12-03'), competition('q-2', 'day-2026-12-03')]));
		await saveSetup(db, bundle([day('ev1')], [competition('q-1', 'ev1')]));
		expect(await dayIds(db)).toEqual(['day-2026-12-03', 'ev1']);
		expect((await db.competitions.get('q-2'))?.eventId).toBe('day-2026-12-03');
	});

	it('keeps days no competition left: an event without competitions yet, and the days it stores', async () => {
		const db = freshDb();
		await saveSetup(db, bundle([day('ev-empty', '2026-12-01'), day('day-2026-12-03')], [competition('q-1', 'day-2026-12-03')]));
		// An event that sends no competition yet, and its own day stored again with none.
		await saveSetup(db, bundle([day('ev1')], []));
		await saveSetup(db, bundle([day('ev-empty', '2026-12-01')], []));
		expect(await dayIds(db)).toEqual(['day-2026-12-03', 'ev-empty', 'ev1']);
	});

	it('keeps a day the same bundle stores, even when the competition left it', async () => {
		const db = freshDb();
		await saveSetup(db, bundle([day('a')], [competition('c', 'a')]));
		await saveSetup(db, bundle([day('a'), day('b')], [competition('c', 'b')]));
		expect(await dayIds(db)).toEqual(['a', 'b']);
	});

	it('stores nothing when an item is not valid, and removes no day', async () => {
		const db = freshDb();
		await saveSetup(db, bundle([day('day-2026-12-03')], [competition('q-1', 'day-2026-12-03')]));
		const bad = bundle([day('ev1')], [competition('q-1', 'ev1')]);
		bad.entries[0]!.name = 'x'.repeat(10_000);
		await expect(saveSetup(db, bad)).rejects.toThrow();
		expect(await dayIds(db)).toEqual(['day-2026-12-03']);
		expect((await db.competitions.get('q-1'))?.eventId).toBe('day-2026-12-03');
	});
});

describe('exportEventFile', () => {
	it('a judge’s exported file carries no date of birth, even of a member the tablet holds one for (issue 14, Privacy)', async () => {
		const db = freshDb();
		const b = bundle([day('day-2026-12-03')], [competition('q-1', 'day-2026-12-03')]);
		const members = [{ id: 'm1', name: 'Ana', birthDate: '2012-04-01', country: 'CZ' }];
		await saveSetup(db, { ...b, entries: b.entries.map((e) => ({ ...e, members })) });
		expect((await db.entries.get('q-1-s1'))?.members[0]?.birthDate).toBe('2012-04-01');
		const file = await exportEventFile(db, 'tab-a', 1);
		expect(file.setup.entries[0]!.members).toEqual([{ id: 'm1', name: 'Ana', country: 'CZ' }]);
		expect(JSON.stringify(file)).not.toContain('2012-04-01');
	});
});

import { describe, expect, it } from 'vitest';
import type { BackupItem } from '../backup-format';
import { busyEvent } from '../backup.testkit';
import { Store } from '../store';
import { storePerTest } from '../store-per-test.testkit';
import { readBackupOf } from './restore-steps.testkit';
import { StagingPositions } from './staging-positions';
import { stagingRows } from './staging-rows';

let items: BackupItem[];
storePerTest(
	(dir) => Store.open(dir),
	(source) => {
		busyEvent(source);
		items = readBackupOf(source).items.map((i) => i.item);
	}
);

/** The rows of one table, the backup's items staged in order. */
const rowsOf = (table: string) => {
	const positions = new StagingPositions();
	return items.flatMap((item) => stagingRows(item, positions)).filter(([t]) => t === table);
};

describe('stagingRows', () => {
	it('gives one row per item, in the table of its kind, with its columns in that table’s order', () => {
		const positions = new StagingPositions();
		for (const item of items) {
			const rows = stagingRows(item, positions);
			expect(rows.length, item.kind).toBe(item.kind === 'device' ? 1 + item.device.deviceIds.length : 1);
		}
		const ruleset = items.find((i) => i.kind === 'ruleset')!;
		expect(stagingRows(ruleset, positions)).toEqual([['rulesets', [ruleset.ruleset.id, ruleset.ruleset.version, JSON.stringify(ruleset.ruleset)]]]);
	});

	it('competitions are numbered in the event, heats and entries in their competition; a competition keeps where it advances to', () => {
		expect(rowsOf('competitions').map(([, v]) => [v[0], v[4], v[7]])).toEqual([
			['b-q', 0, 'b-f'],
			['b-f', 1, null],
			[expect.any(String), 2, null],
			[expect.any(String), 3, null]
		]);
		expect(rowsOf('heats').map(([, v]) => [v[0], v[3]]).slice(0, 3)).toEqual([
			['b-q-h1', 0],
			['b-q-h2', 1],
			['b-f-h1', 0]
		]);
		expect(rowsOf('entries').map(([, v]) => [v[0], v[7]]).slice(0, 4)).toEqual([
			['b-q-e1', 0],
			['b-q-e2', 1],
			['b-q-e3', 2],
			['b-q-e4', 3]
		]);
	});

	it('a device gives its row, then one for each judge device that pushed with its token', () => {
		const device = items.find((i) => i.kind === 'device' && i.device.deviceIds.length > 0) as Extract<BackupItem, { kind: 'device' }>;
		const rows = stagingRows(device, new StagingPositions());
		expect(rows[0]![0]).toBe('devices');
		expect(rows.slice(1)).toEqual(device.device.deviceIds.map((id) => ['device_logs', [device.device.id, id]]));
	});

	it("a change of the register keeps its number in a column of its own, not in its JSON", () => {
		const change = items.find((i) => i.kind === 'registrationChange') as Extract<BackupItem, { kind: 'registrationChange' }>;
		const [[table, [seq, , , json]]] = stagingRows(change, new StagingPositions()) as [[string, unknown[]]];
		expect(table).toBe('registration_changes');
		expect(seq).toBe(change.change.seq);
		expect(JSON.parse(json as string)).not.toHaveProperty('seq');
		expect({ ...JSON.parse(json as string), seq }).toEqual(change.change);
	});
});

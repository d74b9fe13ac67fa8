import { describe, expect, it } from 'vitest';
import type { JudgeEventRow } from './judge-event-row';
import { packRows, unpackRows } from './packed-rows';

const row = (id: string, extra: Partial<JudgeEventRow> = {}): JudgeEventRow => ({
	id,
	competitionId: 'c1',
	heatId: 'h1',
	entryId: 'e1',
	deviceId: 'tablet-1',
	seq: 3,
	at: 1_770_000_000_123,
	json: `{"id":"${id}","note":"Žluťoučký kůň 🧩"}`,
	...extra
});

describe('packed rows', () => {
	it('come back as they went, nulls, non-ASCII text and large numbers included', () => {
		const rows = [
			{ index: 0, row: row('a') },
			{ index: 4, row: row('b', { heatId: null, entryId: null, seq: 2 ** 40, at: 8_640_000_000_000 }) },
			{ index: 7, row: row('c', { entryId: null, json: '{}' }) }
		];
		const packed = packRows(rows);
		// What crosses between threads: arrays of strings and typed arrays.
		expect(packed.jsons).toEqual(rows.map((r) => r.row.json));
		expect(unpackRows(structuredClone(packed))).toEqual(rows);
	});

	it('pack nothing as nothing', () => {
		expect(unpackRows(packRows([]))).toEqual([]);
	});
});

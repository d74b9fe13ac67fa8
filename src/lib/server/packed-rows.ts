import type { JudgeEventRow } from './judge-event-row';

/**
 * Validated rows packed for the trip from a validation thread to the main thread: every text
 * field of every row in one string, cut by offsets, and the numbers in one array. Copying
 * that between threads costs a fraction of cloning a thousand small objects (bench/README.md),
 * and the main thread only cuts substrings out of it.
 */
export interface PackedRows {
	/** The rows' push positions (index in the pushed `events`). */
	indexes: Int32Array;
	/** id, competitionId, heatId, entryId, deviceId and json of each row, one after the other. */
	text: string;
	/** Where each of those fields ends in `text` (an empty field is null: IDs are never empty). */
	ends: Int32Array;
	/** seq and at of each row. */
	numbers: Float64Array;
}

const FIELDS = 6;

export function packRows(rows: readonly { index: number; row: JudgeEventRow }[]): PackedRows {
	const indexes = new Int32Array(rows.length);
	const ends = new Int32Array(rows.length * FIELDS);
	const numbers = new Float64Array(rows.length * 2);
	const parts: string[] = [];
	let end = 0;
	let k = 0;
	const add = (s: string | null) => {
		if (s !== null) {
			parts.push(s);
			end += s.length;
		}
		ends[k++] = end;
	};
	rows.forEach(({ index, row }, i) => {
		indexes[i] = index;
		add(row.id);
		add(row.competitionId);
		add(row.heatId);
		add(row.entryId);
		add(row.deviceId);
		add(row.json);
		numbers[2 * i] = row.seq;
		numbers[2 * i + 1] = row.at;
	});
	return { indexes, text: parts.join(''), ends, numbers };
}

export function unpackRows(packed: PackedRows): { index: number; row: JudgeEventRow }[] {
	const { indexes, text, ends, numbers } = packed;
	const out: { index: number; row: JudgeEventRow }[] = new Array(indexes.length);
	let start = 0;
	let k = 0;
	const next = (): string | null => {
		const end = ends[k++]!;
		const s = end === start ? null : text.slice(start, end);
		start = end;
		return s;
	};
	for (let i = 0; i < indexes.length; i++) {
		const id = next()!;
		const competitionId = next()!;
		const heatId = next();
		const entryId = next();
		const deviceId = next()!;
		const json = next()!;
		out[i] = { index: indexes[i]!, row: { id, competitionId, heatId, entryId, deviceId, seq: numbers[2 * i]!, at: numbers[2 * i + 1]!, json } };
	}
	return out;
}

import type { JudgeEvent } from '$lib/events/schema';

/** A validated judge event as the store keeps it: the columns it is found by, and its JSON. */
export interface JudgeEventRow {
	id: string;
	competitionId: string;
	heatId: string | null;
	entryId: string | null;
	deviceId: string;
	seq: number;
	at: number;
	/**
	 * JSON of zod's output: its keys come in the schema's order, so the same event always gives
	 * the same text (cheaper than sorting the keys, which servers before 3 Dec 2026 stored).
	 */
	json: string;
}

export function judgeEventRowOf(e: JudgeEvent): JudgeEventRow {
	return judgeEventRowWithJson(e, JSON.stringify(e));
}

/** The row of an event whose JSON is already written (the push path's fast check writes it as it checks). */
export function judgeEventRowWithJson(e: JudgeEvent, json: string): JudgeEventRow {
	return { id: e.id, competitionId: e.competitionId, heatId: e.heatId, entryId: e.entryId, deviceId: e.deviceId, seq: e.seq, at: e.at, json };
}

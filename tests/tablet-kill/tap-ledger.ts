/**
 * What the kill test tapped, and the check of it against what the tablet stored. Every tap is
 * written down before its click with the device time the page had at the click (the test holds
 * the page's clock still, so it is exact: it is not read back from the data under test), and
 * marked "done" once the judge could see it recorded (the seat's status or result changed).
 */

export type TapKind = 'start' | 'hand' | 'confirm' | 'reject' | 'pause' | 'resume' | 'tally' | 'agree';

/** The event each tap records (src/lib/station/heat/seat-actions.svelte.ts, relay-actions.svelte.ts). */
export const TAP_EVENT: Record<TapKind, string> = {
	start: 'heat.start',
	hand: 'hand.raised',
	confirm: 'check.confirmed',
	reject: 'check.rejected',
	pause: 'pause.start',
	resume: 'pause.end',
	tally: 'tally.recorded',
	agree: 'record.acknowledged'
};

export const TAP_KINDS = Object.keys(TAP_EVENT) as TapKind[];

export interface Tap {
	/** Its number in the run, from 1. */
	n: number;
	kind: TapKind;
	competitionId: string;
	heatId: string;
	/** The seat; null for the heat's start. */
	entryId: string | null;
	/** The page's Date.now() at the click. */
	at: number;
	/** Payload fields the event must carry (missing pieces of a check, a tally's groups). */
	payload: Record<string, unknown>;
	/** The seat showed it recorded. */
	done: boolean;
	/** The kill cycle it was tapped in. */
	cycle: number;
}

/** A judge event as stored in IndexedDB: the fields the check reads. */
export interface StoredTapEvent {
	id: string;
	seq: number;
	type: string;
	competitionId: string;
	heatId: string | null;
	entryId: string | null;
	at: number;
	payload: Record<string, unknown>;
}

export interface LedgerCheck {
	/** Taps shown done that the tablet does not hold. */
	lost: Tap[];
	/** Taps held more than once (the IDs of the events that record each). */
	twice: { tap: Tap; ids: string[] }[];
	/** Events of any kind stored more than once (same type, heat, seat, time and payload): their IDs. */
	duplicates: string[][];
	/** Taps the test did not see done (a kill came first), by whether they were stored after all. */
	cut: { stored: number; notStored: number };
}

function key(type: string, heatId: string | null, entryId: string | null, at: number): string {
	return JSON.stringify([type, heatId, entryId, at]);
}

/** JSON with object keys sorted, so that equal payloads compare equal. */
function canonical(value: unknown): string {
	return JSON.stringify(value, (_k, v: unknown) =>
		v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v
	);
}

function carries(event: StoredTapEvent, tap: Tap): boolean {
	return event.competitionId === tap.competitionId && Object.entries(tap.payload).every(([k, v]) => canonical(event.payload?.[k]) === canonical(v));
}

/** Checks every tap against the stored events. */
export function checkTaps(taps: readonly Tap[], events: readonly StoredTapEvent[]): LedgerCheck {
	const byKey = new Map<string, StoredTapEvent[]>();
	const same = new Map<string, StoredTapEvent[]>();
	for (const e of events) {
		const k = key(e.type, e.heatId, e.entryId, e.at);
		byKey.set(k, [...(byKey.get(k) ?? []), e]);
		const whole = canonical([e.type, e.competitionId, e.heatId, e.entryId, e.at, e.payload]);
		same.set(whole, [...(same.get(whole) ?? []), e]);
	}
	const check: LedgerCheck = { lost: [], twice: [], duplicates: [], cut: { stored: 0, notStored: 0 } };
	for (const tap of taps) {
		const held = (byKey.get(key(TAP_EVENT[tap.kind], tap.heatId, tap.entryId, tap.at)) ?? []).filter((e) => carries(e, tap));
		if (tap.done && held.length === 0) check.lost.push(tap);
		if (held.length > 1) check.twice.push({ tap, ids: held.map((e) => e.id) });
		if (!tap.done) check.cut[held.length > 0 ? 'stored' : 'notStored']++;
	}
	for (const group of same.values()) if (group.length > 1) check.duplicates.push(group.map((e) => e.id));
	return check;
}

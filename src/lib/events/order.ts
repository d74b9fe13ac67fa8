import type { JudgeEvent } from './schema';

/**
 * The total order of the log, the same on every device whatever order events arrived in:
 * by the device's tap time `at`, then device ID, then the device's sequence number, then
 * event ID. Within one device with a steady clock this is its sequence order; across
 * devices it is their clocks' order (issue 4 measures each device's offset for the organizer).
 */
export function compareEvents(a: JudgeEvent, b: JudgeEvent): number {
	return a.at - b.at || cmp(a.deviceId, b.deviceId) || a.seq - b.seq || cmp(a.id, b.id);
}

function cmp(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

/** A stable, key-sorted JSON text: two copies of one event compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
	if (value !== null && typeof value === 'object') {
		const keys = Object.keys(value).sort();
		return `{${keys
			.filter((k) => (value as Record<string, unknown>)[k] !== undefined)
			.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
			.join(',')}}`;
	}
	return JSON.stringify(value);
}

export interface IdCollision {
	id: string;
	/** The copies that differ, in canonical order; the first is the one kept. */
	variants: JudgeEvent[];
}

/**
 * Merges logs: the same event (same ID) counts once. Two different events under one ID are
 * a collision: the one with the smallest canonical text is kept (so every device keeps the
 * same one) and the collision is reported, never hidden.
 */
export function dedupeEvents(events: Iterable<JudgeEvent>): { events: JudgeEvent[]; collisions: IdCollision[] } {
	const byId = new Map<string, JudgeEvent>();
	let variants: Map<string, Map<string, JudgeEvent>> | undefined;
	for (const e of events) {
		const seen = byId.get(e.id);
		if (seen === undefined) {
			byId.set(e.id, e);
			continue;
		}
		if (seen === e) continue;
		const a = canonicalJson(seen);
		const b = canonicalJson(e);
		if (a === b) continue;
		variants ??= new Map();
		let v = variants.get(e.id);
		if (!v) variants.set(e.id, (v = new Map([[a, seen]])));
		v.set(b, e);
	}
	const collisions: IdCollision[] = [];
	for (const [id, v] of variants ?? []) {
		const sorted = [...v.keys()].sort().map((k) => v.get(k)!);
		byId.set(id, sorted[0]!);
		collisions.push({ id, variants: sorted });
	}
	collisions.sort((x, y) => cmp(x.id, y.id));
	// Nothing doubled (the usual case): hand back the input rather than a copy.
	const all = Array.isArray(events) && byId.size === events.length ? (events as JudgeEvent[]) : [...byId.values()];
	return { events: all, collisions };
}

import { error } from '@sveltejs/kit';
import type { JudgeEvent } from '$lib/events/schema';
import { compareEvents } from '$lib/events/order';
import type { AuditedEvent, EntryAudit, Role } from '$lib/contract';
import { protestsOfEntry } from './protests';
import type { Store } from './store';

type Row = {
	json: string;
	received_at: number | null;
	token_id: string | null;
	label: string | null;
	role: Role | null;
	clock_offset_ms: number | null;
	clock_rtt_ms: number | null;
	clock_measured_at: number | null;
};

/** Heat-wide events that still name the entry in their payload. */
const HEAT_EVENTS_NAMING_ENTRIES = new Set(['heat.start', 'heat.time-limit']);

/**
 * The whole audit trail of one entry of `eventId`: its events, the heat starts and limits that
 * list it, and every correction of any of them (transitively: a correction of a correction),
 * in the log's order (compareEvents), and the protests about it (protests.ts) with their
 * decisions. 404 for an entry that is not in the event.
 */
export function entryAudit(store: Store, eventId: string, entryId: string): EntryAudit {
	const entry = store.getEntry(eventId, entryId);
	if (!entry) error(404, `no entry "${entryId}" in this event`);

	// A correction carries the scope of the event it corrects, so the entry's own rows and the
	// heat's entry-less rows hold everything; heat rows are kept only when they touch the entry.
	const rows = store.db
		.prepare(
			`SELECT j.json, j.received_at, j.token_id, t.label, t.role, t.clock_offset_ms, t.clock_rtt_ms, t.clock_measured_at
			 FROM judge_events j LEFT JOIN device_tokens t ON t.id = j.token_id
			 WHERE j.event_id = ? AND j.competition_id = ? AND (j.entry_id = ? OR (j.entry_id IS NULL AND j.heat_id = ?))`
		)
		.all(eventId, entry.competitionId, entryId, entry.heatId) as Row[];
	const parsed = rows.map((r) => ({ row: r, event: JSON.parse(r.json) as JudgeEvent }));

	const kept = new Set<string>();
	for (const { event } of parsed) {
		if (event.entryId === entryId) kept.add(event.id);
		else if (HEAT_EVENTS_NAMING_ENTRIES.has(event.type) && (event.payload as { entryIds: string[] }).entryIds.includes(entryId)) kept.add(event.id);
	}
	// Corrections of kept heat events (and corrections of those) until nothing more is added.
	for (let grew = true; grew; ) {
		grew = false;
		for (const { event } of parsed)
			if (event.type === 'correction' && !kept.has(event.id) && kept.has(event.payload.supersedes)) {
				kept.add(event.id);
				grew = true;
			}
	}

	const events = parsed
		.filter(({ event }) => kept.has(event.id))
		.map(({ row, event }): AuditedEvent => ({
			event,
			receivedAt: row.received_at,
			token: row.token_id && row.label && row.role ? { id: row.token_id, label: row.label, role: row.role } : null,
			clock:
				row.clock_offset_ms === null
					? null
					: { offsetMs: row.clock_offset_ms, roundTripMs: row.clock_rtt_ms ?? 0, measuredAt: row.clock_measured_at ?? 0 }
		}))
		.sort((a, b) => compareEvents(a.event, b.event));
	return { eventId, entryId, competitionId: entry.competitionId, heatId: entry.heatId, events, protests: protestsOfEntry(store, eventId, entryId) };
}

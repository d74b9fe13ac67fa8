import type { JudgeEvent } from '$lib/events/schema';
import { compareEvents } from '$lib/events/order';
import { entryEventIds } from '$lib/results/record-versions';
import type { AuditedEvent, DeviceListing, EntryAudit, Protest } from '$lib/contract';
import { deviceOfLog } from './devices';

/** One line of an entry's audit trail as the organizer's screen shows it. */
export interface TrailRow {
	event: JudgeEvent;
	/** What the server said of it; null offline or for an event it does not hold yet. */
	server: AuditedEvent | null;
	/** The device's name: the pushing token's label, else the paired device that pushed this log. */
	deviceLabel: string | null;
	/** The correction that supersedes this event, if any. */
	correctedBy: JudgeEvent | null;
}

/**
 * The entry's trail from what this device holds, completed with the server's answer when there
 * is one (receipt time, pushing token, clock); events only the server holds are included too.
 * Ordered by recorded time (`at`, device, seq), as the server orders it.
 */
export function entryTrail(localLog: readonly JudgeEvent[], entryId: string, audit: EntryAudit | null, devices: readonly DeviceListing[]): TrailRow[] {
	const ids = entryEventIds(localLog, entryId);
	const events = new Map<string, JudgeEvent>();
	for (const e of localLog) if (ids.has(e.id)) events.set(e.id, e);
	const server = new Map((audit?.events ?? []).map((a) => [a.event.id, a]));
	for (const a of server.values()) if (!events.has(a.event.id)) events.set(a.event.id, a.event);

	const correctionOf = new Map<string, JudgeEvent>();
	for (const e of events.values()) if (e.type === 'correction') correctionOf.set(e.payload.supersedes, e);
	return [...events.values()].sort(compareEvents).map((event) => {
		const answer = server.get(event.id) ?? null;
		return {
			event,
			server: answer,
			deviceLabel: answer?.token?.label ?? deviceOfLog(devices, event.deviceId)?.label ?? null,
			correctedBy: correctionOf.get(event.id) ?? null
		};
	});
}

/** A protest about the entry (issue 33 #3) in its trail: the protest, and the trail's rows of the correction events that carry it. */
export interface TrailProtest {
	protest: Protest;
	corrections: TrailRow[];
}

/** The protests about the entry the server holds (none offline), oldest first, each with its correction events as the trail shows them. */
export function entryProtests(audit: EntryAudit | null, rows: readonly TrailRow[]): TrailProtest[] {
	const byId = new Map(rows.map((r) => [r.event.id, r]));
	return (audit?.protests ?? []).map((protest) => ({ protest, corrections: protest.correctionEventIds.flatMap((id) => byId.get(id) ?? []) }));
}

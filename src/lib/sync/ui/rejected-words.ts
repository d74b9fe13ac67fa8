import { m } from '$lib/i18n';
import { eventTypeWords } from '$lib/i18n/event-words';
import type { RejectedItem } from '$lib/sync/client/rejected-items';

/**
 * A refused event in the tablet's language (issue 30 #2): what it was (the action, the person and
 * their seat, the heat: words, not IDs), why the server refused it, and what the judge does now.
 */

/** "Hand raised · Ana (table 3, seat 1) · Heat 2". */
export function refusedWhat(item: RejectedItem): string {
	const e = item.event;
	if (!e) return m.sync_refused_unknown();
	const parts = [eventTypeWords(e.type)];
	const entry = item.entry;
	if (entry) {
		const where = entry.table !== null && entry.seat !== null ? m.sync_refused_seat({ table: entry.table, seat: entry.seat }) : entry.table !== null ? m.station_table_number({ number: entry.table }) : null;
		parts.push(where ? `${entry.name} (${where})` : entry.name);
	}
	const heat = item.heatName ?? item.competitionName;
	if (heat) parts.push(item.heatName && item.competitionName ? `${item.competitionName} · ${item.heatName}` : heat);
	return parts.join(' · ');
}

/** Why: the card's heat (said here), another device's event under the same ID, or the server's own reason. */
export function refusedWhy(item: RejectedItem): string {
	if (item.outsideCard) return m.sync_refused_why_card({ table: item.outsideCard.table, heat: item.outsideCard.heatName });
	if (item.row.kind === 'conflict') return m.sync_refused_why_conflict();
	return m.sync_refused_why_server({ reason: item.reason });
}

/** What to do about it. */
export function refusedTodo(item: RejectedItem): string {
	if (item.outsideCard) return m.sync_refused_todo_card();
	return m.sync_refused_todo();
}

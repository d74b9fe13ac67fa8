import { error } from '@sveltejs/kit';
import { formatFileError, parseEventFile } from '$lib/files/event-file';
import { MAX_PUSH_EVENTS, type Device, type PushResponse } from '$lib/contract';
import { pushEvents } from './sync-push';
import type { Store } from './store';

/**
 * A tablet's exported event file (docs/event-format.md), imported into the server through the
 * same idempotent path as a push: its set-up joins the event only where the server does not
 * know it, its events are stored once, and importing the same file again changes nothing.
 * 400 with every problem when the file is not valid; nothing is stored then.
 */
export function importEventFile(store: Store, device: Device, text: string, fileName: string, now: number): PushResponse {
	const parsed = parseEventFile(text, fileName);
	if (!parsed.ok) error(400, `the file was not imported: ${parsed.errors.slice(0, 20).map(formatFileError).join('; ')}${parsed.errors.length > 20 ? ` (and ${parsed.errors.length - 20} more)` : ''}`);
	const { setup, log } = parsed.value.file;
	return store.transaction(() => {
		const total: PushResponse = { stored: [], duplicates: [], conflicts: [], refused: [], setupAdded: [], setupRefused: [] };
		// Competitions of the file that are the event's own are left as they are; the others are offered as a device's set-up.
		const first = pushEvents(store, device, { events: [], setup: { rulesets: setup.rulesets, competitions: setup.competitions, heats: setup.heats, entries: setup.entries } }, now);
		total.setupAdded = first.setupAdded ?? [];
		total.setupRefused = first.setupRefused ?? [];
		for (let i = 0; i < log.length; i += MAX_PUSH_EVENTS) {
			const r = pushEvents(store, device, { events: log.slice(i, i + MAX_PUSH_EVENTS) }, now);
			total.stored.push(...r.stored);
			total.duplicates.push(...r.duplicates);
			total.conflicts.push(...r.conflicts);
			total.refused.push(...r.refused.map((x) => ({ ...x, index: x.index + i })));
		}
		return total;
	});
}

import { m, type Locale } from '$lib/i18n';
import type { JudgeEvent } from '$lib/events/schema';
import type { Entry } from '$lib/setup/schema';
import type { DeviceListing } from '$lib/contract';
import { deviceOfLog } from './devices';

/**
 * What the organizer's screen calls the device of an event log, never by its internal ID:
 * the label it was paired with (the server's device list, `deviceOfLog`); else, for a tablet
 * whose entries all sit at one table, that table ("Tablet at table 5"); else "Tablet 1",
 * "Tablet 2" … in the order of their first event. Two devices that would get one name are
 * told apart by a number after it ("Table A (1)", "Table A (2)"); the event logs of one paired
 * device (a tablet whose storage was reset) are one tablet with one name.
 */

export interface TabletName {
	/** One per physical tablet: the paired device's ID when the list knows it, else the log's. */
	key: string;
	name: string;
}

export interface TabletNameOptions {
	/** Defaults to the current locale. */
	locale?: Locale;
}

/** Names for every device of `log`, by event-log device ID. `entries`: the set-up's, to find a tablet's table. */
export function tabletNames(
	log: Iterable<JudgeEvent>,
	devices: readonly DeviceListing[],
	entries: readonly Pick<Entry, 'id' | 'competitionId' | 'table'>[],
	options: TabletNameOptions = {}
): Map<string, TabletName> {
	const opt = { locale: options.locale };
	const tableOfEntry = new Map(entries.map((e) => [`${e.competitionId}/${e.id}`, e.table?.trim() || null]));
	const first = new Map<string, number>();
	const tables = new Map<string, Set<string | null>>();
	for (const e of log) {
		const seen = first.get(e.deviceId);
		if (seen === undefined || e.at < seen) first.set(e.deviceId, e.at);
		// The organizer's corrections name entries too: they say nothing about where a device stood.
		if (e.entryId === null || e.type === 'correction') continue;
		let set = tables.get(e.deviceId);
		if (!set) tables.set(e.deviceId, (set = new Set()));
		set.add(tableOfEntry.get(`${e.competitionId}/${e.entryId}`) ?? null);
	}
	const order = [...first].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([id]) => id);

	// A base name and the key of the tablet it belongs to, per log.
	const base = new Map<string, { key: string; name: string | null }>();
	for (const id of order) {
		const listed = deviceOfLog(devices, id);
		if (listed && listed.label.trim()) {
			base.set(id, { key: `device:${listed.id}`, name: listed.label.trim() });
			continue;
		}
		const set = tables.get(id);
		const table = set && set.size === 1 ? [...set][0]! : null;
		base.set(id, { key: listed ? `device:${listed.id}` : `log:${id}`, name: table === null ? null : m.org_tablet_at_table({ table }, opt) });
	}

	// Unnamed tablets are numbered, one number per tablet.
	const numbers = new Map<string, number>();
	for (const id of order) {
		const b = base.get(id)!;
		if (b.name === null && !numbers.has(b.key)) numbers.set(b.key, numbers.size + 1);
	}
	const named = new Map<string, string>();
	for (const id of order) {
		const b = base.get(id)!;
		named.set(id, b.name ?? m.org_tablet_numbered({ n: numbers.get(b.key)! }, opt));
	}

	// One name for two tablets: each gets its number among them.
	const keysByName = new Map<string, string[]>();
	for (const id of order) {
		const name = named.get(id)!;
		const key = base.get(id)!.key;
		const keys = keysByName.get(name) ?? [];
		if (!keys.includes(key)) keys.push(key);
		keysByName.set(name, keys);
	}
	const out = new Map<string, TabletName>();
	for (const id of order) {
		const name = named.get(id)!;
		const key = base.get(id)!.key;
		const keys = keysByName.get(name)!;
		out.set(id, { key, name: keys.length > 1 ? `${name} (${keys.indexOf(key) + 1})` : name });
	}
	return out;
}

/** A name for a log the names do not know (an event not in the log given): a neutral word, never its ID. */
export function nameOfTablet(names: ReadonlyMap<string, TabletName>, deviceId: string, options: TabletNameOptions = {}): string {
	return names.get(deviceId)?.name ?? m.org_tablet_unknown({}, { locale: options.locale });
}

/** The tablets to filter by: one option per tablet with the logs it holds, sorted by name. */
export function tabletOptions(names: ReadonlyMap<string, TabletName>, deviceIds: Iterable<string>): { key: string; name: string; deviceIds: string[] }[] {
	const byKey = new Map<string, { key: string; name: string; deviceIds: string[] }>();
	for (const id of deviceIds) {
		const t = names.get(id) ?? { key: `log:${id}`, name: '' };
		const option = byKey.get(t.key);
		if (option) {
			if (!option.deviceIds.includes(id)) option.deviceIds.push(id);
		} else byKey.set(t.key, { key: t.key, name: t.name, deviceIds: [id] });
	}
	const collator = new Intl.Collator(undefined, { numeric: true });
	return [...byKey.values()].sort((a, b) => collator.compare(a.name, b.name) || (a.key < b.key ? -1 : 1));
}

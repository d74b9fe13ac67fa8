import { isHttpError } from '@sveltejs/kit';
import { DeviceLog } from '$lib/events/builder';
import { presetById } from '$lib/rules/presets';
import { quickSetup } from '$lib/station/quick-setup';
import { backupText } from './backup';
import { recordMerge } from './competition-merges';
import { addDevice, revokeDevice } from './devices';
import { putDraw } from './draws';
import { reviseCompetitionRuleset } from './event-preparation';
import { startHeat } from './heat-starts';
import { saveOrganizerSetup } from './organizer-setup';
import { decideProtest, recordProtest } from './protests';
import { finalize, publish } from './publications';
import { actOnRegistration, createPerson, createRegistration } from './register';
import { pushEvents } from './sync-push';
import { printCards, redeemCard, revokeCard } from './table-cards';
import { setEvidenceRetention } from './evidence';
import { jpegBytes, sha256Hex, tallyMeta } from './photo.testkit';
import { storePhoto } from './photos';
import { issueToken } from './tokens';
import type { RestoreAnswer } from '$lib/contract';
import { restoreBackup, type RestoreOptions } from './restore';
import type { Store } from './store';

/** Tests of backup and restore: a backup as its parsed lines, and back. */
export type Line = Record<string, unknown> & { kind?: string };

export function backupLinesOf(store: Store, eventId: string, now: number): Line[] {
	return backupText(store, eventId, now)
		.split('\n')
		.filter((l) => l !== '')
		.map((l) => JSON.parse(l) as Line);
}

export function textOf(lines: readonly unknown[]): string {
	return lines.map((l) => `${JSON.stringify(l)}\n`).join('');
}

/** The text in pieces of `size` bytes, as a network delivers it. */
export function chunked(text: string | Buffer, size: number): Buffer[] {
	const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
	const chunks: Buffer[] = [];
	for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
	return chunks;
}

export function restoreText(store: Store, text: string | Buffer, options: RestoreOptions & { chunk?: number } = {}): Promise<RestoreAnswer> {
	return restoreBackup(store, chunked(text, options.chunk ?? 64 * 1024), options);
}

/** What a restore answers over HTTP: 201 with its result, else the status and message of its HttpError. */
export async function restoreAnswer(store: Store, text: string | Buffer): Promise<{ status: number; message: string; result?: RestoreAnswer }> {
	try {
		return { status: 201, message: '', result: await restoreText(store, text) };
	} catch (e) {
		if (isHttpError(e)) return { status: e.status, message: e.body.message };
		throw e;
	}
}

/** The lines with those of one kind changed by `change` (return null to drop a line). */
export function withItems(lines: readonly Line[], kind: string, change: (line: Line, i: number) => Line | null): Line[] {
	let i = 0;
	return lines.flatMap((l) => {
		if (l.kind !== kind) return [l];
		const changed = change(l, i++);
		return changed ? [changed] : [];
	});
}

/**
 * An event with something in every table a backup holds: the organizer's qualifying round and
 * final (advancesTo), tablets' quick set-ups merged into one, judge events with clock reports,
 * a revoked display, a heat started on every tablet, results published twice (a protest upheld
 * between, answered by the second) and made final,
 * people registered (one paid), the final's ruleset changed before it started (CZ-GEN-CHANGES), a photo of evidence.
 */
export function busyEvent(store: Store, eventId = EVENT, prefix = 'b') {
	const R = presetById('czjpa-individual')!;
	const c = (n: string) => `${prefix}-${n}`;
	store.insertSetup({ events: [{ id: eventId, name: `Busy ${prefix}`, date: '2026-05-16', venue: 'Hall' }], rulesets: [R] });
	saveOrganizerSetup(store, eventId, {
		competitions: [
			{ id: c('q'), eventId, name: 'Qualifying', ruleset: { id: R.id, version: R.version }, advancesTo: { competitionId: c('f'), rule: { mode: 'overall', count: 2 } } },
			{ id: c('f'), eventId, name: 'Final', ruleset: { id: R.id, version: R.version } }
		],
		heats: [
			{ id: c('q-h1'), competitionId: c('q'), name: 'Heat 1' },
			{ id: c('q-h2'), competitionId: c('q'), name: 'Heat 2' },
			{ id: c('f-h1'), competitionId: c('f'), name: 'Final heat' }
		],
		entries: [1, 2, 3, 4].map((i) => ({ id: c(`q-e${i}`), competitionId: c('q'), heatId: c(i <= 2 ? 'q-h1' : 'q-h2'), name: `Solver ${i}`, members: [{ id: c(`m${i}`), name: `Solver ${i}`, birthDate: '1990-01-0' + i, country: 'CZ' }], table: String(i) }))
	});
	const org = issueToken(store, { eventId, role: 'organizer', label: 'Desk', now: T0 });
	const judge = issueToken(store, { eventId, role: 'judge', label: 'Table 1', now: T0 + 1 });
	const display = addDevice(store, eventId, { role: 'display', label: 'Hall' }, 'http://x', T0 + 2);
	revokeDevice(store, eventId, display.device.id, T0 + 3);
	const log = new DeviceLog({ deviceId: c('tab-1'), judge: 'Eva', competitionId: c('q'), heatId: c('q-h1') });
	pushEvents(store, judge, { events: [log.start(T0, [c('q-e1'), c('q-e2')]), log.hand(c('q-e1'), T0 + 30 * MIN), log.hand(c('q-e2'), T0 + 40 * MIN)], clock: { offsetMs: -4, roundTripMs: 9, measuredAt: T0 } }, T0 + 100);
	startHeat(store, org, { id: c('start-1'), competitionId: c('q'), heatId: c('q-h2'), organizerAt: T0 + 5 * MIN, offsetMs: 12 }, T0 + 5 * MIN);
	// Two tablets' quick set-ups of the same heat, merged by the organizer.
	const quick = (suffix: string, names: string[], deviceId: string) => {
		const q = quickSetup({ presetId: R.id, competitionName: 'Quick', seatNames: names, day: '2026-05-16', suffix });
		if (!q.ok) throw new Error('quick set-up');
		const qlog = new DeviceLog({ deviceId, judge: 'Luis', competitionId: q.value.competitionId, heatId: q.value.heatId });
		const tablet = issueToken(store, { eventId, role: 'judge', label: deviceId, now: T0 + 4 });
		pushEvents(store, tablet, { events: [qlog.start(T0, q.value.bundle.entries.map((e) => e.id)), qlog.hand(q.value.bundle.entries[0]!.id, T0 + 20 * MIN)], setup: q.value.bundle }, T0 + 200);
		return q.value;
	};
	const qa = quick(`${prefix}qa00`, ['Ana', 'Bob'], c('tab-a'));
	const qb = quick(`${prefix}qb00`, ['Ana', 'Bob'], c('tab-b'));
	const merge = recordMerge(
		store,
		org,
		{ id: c('merge-1'), keptCompetitionId: qa.competitionId, foldedCompetitionId: qb.competitionId, heats: [{ from: qb.heatId, to: qa.heatId }], entries: qb.bundle.entries.map((e, i) => ({ from: e.id, to: qa.bundle.entries[i]!.id })), reason: 'Both tablets judged it' },
		T0 + 50 * MIN
	).merge;
	// A protest in the window of version 1 (issue 33 #3), upheld with the organizer's time adjustment: version 2 answers it.
	publish(store, eventId, c('q'), { now: T0 + 60 * MIN, protestMinutes: 5 });
	recordProtest(store, org, eventId, { id: c('protest-1'), competitionId: c('q'), entryIds: [c('q-e2')], raisedBy: 'Solver 1', claim: 'Solver 2 raised a hand late', photoHashes: ['ab'.repeat(32)] }, T0 + 60 * MIN + 30_000);
	const desk = new DeviceLog({ deviceId: c('org-log'), judge: 'Desk', competitionId: c('q'), heatId: c('q-h1') });
	const adjusted = desk.record('time.adjusted', T0 + 60 * MIN + 40_000, c('q-e2'), { deltaMs: -5000, reason: 'Protest: the video shows it' });
	pushEvents(store, org, { events: [adjusted] }, T0 + 60 * MIN + 41_000);
	decideProtest(store, eventId, c('protest-1'), { decision: 'upheld', reason: 'The video shows it', correctionEventIds: [adjusted.id] }, T0 + 60 * MIN + 50_000);
	publish(store, eventId, c('q'), { now: T0 + 61 * MIN, note: 'corrected' });
	finalize(store, eventId, c('q'), T0 + 62 * MIN);
	// The register: two people (contact data and all), registered for the qualifying round, one paid.
	for (const [i, name] of ['Jana Nováková', 'Luis Peña'].entries()) {
		createPerson(store, org, eventId, { person: { id: c(`person-${i}`), name, birthDate: `1990-02-0${i + 1}`, email: `p${i}@example.org`, phone: '+420 777 000 00' + i } }, T0 - 30 * MIN);
		createRegistration(store, org, eventId, { registration: { id: c(`reg-${i}`), competitionId: c('q'), memberIds: [c(`person-${i}`)], registeredAt: T0 - 30 * MIN + i } }, T0 - 30 * MIN);
	}
	actOnRegistration(store, org, eventId, c('reg-0'), { action: 'pay', expectedVersion: 1, paid: { amount: 400 } }, T0 - 20 * MIN);
	// The final's ruleset: a new version (the next number free on this server), with why, who and when.
	reviseCompetitionRuleset(store, org, eventId, c('f'), { baseVersion: R.version, ruleset: { ...R, timeLimitMs: 100 * MIN }, reason: 'A longer final' }, T0 - 10 * MIN);
	// A draw in the record (CZ-TEAM-DRAW): its two people left over, as too few for a team.
	putDraw(store, {
		id: c('draw-1'), eventId, competitionId: c('q'), kind: 'teams', seed: 'dice-1-2-3-4',
		input: [0, 1].map((i) => ({ id: c(`person-${i}`), name: `Person ${i}` })), teams: [], leftovers: [c('person-1'), c('person-0')], leftoverChoice: 'waiting',
		at: T0 - 5 * MIN, by: { tokenId: org.id, label: org.label }, reason: null, superseded: null, renames: []
	});
	// Table cards of heat 1 (tables 1 and 2): a tablet paired by the first (its token scoped to the heat), the second revoked.
	const cards = printCards(store, eventId, c('q-h1'), 'https://judge.example', T0 - 3 * MIN);
	const cardPaired = redeemCard(store, new URLSearchParams(new URL(cards[0]!.link).hash.slice(1)).get('card')!, c('card-tab'), T0 - 2 * MIN);
	if (!cardPaired.ok) throw new Error(cardPaired.message);
	revokeCard(store, eventId, cards[1]!.id, T0 - MIN);
	// A photo of evidence (issue 33): the tally of an entry the judge's tablet sent, kept 60 days after the final lock.
	const photo = jpegBytes(3000, prefix.charCodeAt(0));
	storePhoto(store, judge, eventId, sha256Hex(photo), tallyMeta(c('q'), c('q-h1'), c('q-e1'), T0 + 45 * MIN), photo, T0 + 46 * MIN);
	setEvidenceRetention(store, eventId, 60);
	return { org, judge, display, merge, cardToken: cardPaired.paired.device.id, competitions: { q: c('q'), f: c('f'), qa: qa.competitionId, qb: qb.competitionId } };
}

export const EVENT = 'busy';
export const T0 = Date.UTC(2026, 4, 16, 9);
export const MIN = 60_000;

/**
 * Every row the store holds of an event, table by table, as SELECT * gives them (sorted): a
 * table not named here fails, so that a table added later must say whether a backup holds it.
 */
export function eventRows(store: Store, eventId: string): Record<string, unknown[]> {
	const tables = store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
	const rows: Record<string, unknown[]> = {};
	for (const table of tables) {
		if (table in NOT_IN_A_BACKUP) continue;
		const columns = store.db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[];
		const sql = OF_EVENT[table] ?? (columns.includes('event_id') ? `SELECT * FROM ${table} WHERE event_id = @e` : null);
		if (!sql) throw new Error(`table ${table}: is it part of an event's backup? Name it in OF_EVENT or NOT_IN_A_BACKUP (backup.testkit.ts), and in the backup`);
		rows[table] = (store.db.prepare(sql).all({ e: eventId }) as unknown[]).map((r) => JSON.stringify(r)).sort();
	}
	return rows;
}

/** How the tables without an event_id column belong to an event. */
const OF_EVENT: Record<string, string> = {
	events: 'SELECT * FROM events WHERE id = @e',
	// The versions the competitions use, and those the history of their ruleset versions names.
	rulesets: `SELECT * FROM rulesets WHERE id || '@' || version IN (SELECT ruleset_id || '@' || ruleset_version FROM competitions WHERE event_id = @e
		UNION SELECT json_extract(r.json, '$.rulesetId') || '@' || v.value FROM ruleset_changes r, json_each(json_array(json_extract(r.json, '$.fromVersion'), json_extract(r.json, '$.toVersion'))) v WHERE r.event_id = @e)`,
	token_devices: 'SELECT d.* FROM token_devices d JOIN device_tokens t ON t.id = d.token_id WHERE t.event_id = @e',
	card_tokens: 'SELECT k.* FROM card_tokens k JOIN table_cards c ON c.id = k.card_id WHERE c.event_id = @e'
};

/** Tables a backup leaves out, and why. */
export const NOT_IN_A_BACKUP: Record<string, string> = {
	pairing_codes: 'a pairing code is used once and lasts 15 minutes: a restored server pairs with new ones',
	store_meta: "the store's own identity: a restore never takes over another store's",
	live_results: 'showing results live to the public is a decision for the server that shows them: a restored event shows nothing live until its organizer says so again'
};

/** Row counts of every table (what a refused restore must leave as it was). */
export function tableCounts(store: Store): Record<string, number> {
	const tables = store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
	return Object.fromEntries(tables.map((t) => [t, store.db.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number]));
}

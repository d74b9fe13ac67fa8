/**
 * What the chaos test (tests/chaos/chaos.ts) and the server kill test (tests/kill/server-kill.ts)
 * check after a run: the server's events pulled in full, compared by ID and content, server_seq
 * straight from SQLite, and standings folded from scratch by the shared scorer. Every mismatch is
 * collected (each one named) rather than thrown, so that a run reports all of them.
 */
import Database from 'better-sqlite3';
import { listSetup, loadCompetition } from '$lib/db/setup-store';
import { canonicalJson } from '$lib/events/order';
import type { JudgeEvent } from '$lib/events/schema';
import { scoreCompetition, type Standings } from '$lib/scoring';
import type { SyncApi } from '$lib/sync/client/api';
import type { SetupResponse } from '$lib/contract';
import type { StationDb } from '$lib/db/station-db';

export class Checker {
	readonly failures: string[] = [];

	fail(message: string): void {
		this.failures.push(message);
	}

	/** Every event of `eventId` on the server, pulled from the start in pages of `pageSize`. */
	async pullAll(api: SyncApi, eventId: string, pageSize: number, competitions?: string[]): Promise<{ events: JudgeEvent[]; cursor: number; pages: number }> {
		const events: JudgeEvent[] = [];
		let cursor = 0;
		let pages = 0;
		for (;;) {
			const page = await api.pull(eventId, cursor, pageSize, competitions);
			pages++;
			events.push(...(page.events as JudgeEvent[]));
			if (page.cursor < cursor) this.fail(`server pull: the cursor went back from ${cursor} to ${page.cursor}`);
			if (!page.more || page.cursor <= cursor) return { events, cursor: page.cursor, pages };
			cursor = page.cursor;
		}
	}

	/** The events by ID, each as canonical JSON; an ID seen twice is a failure. */
	byId(events: readonly JudgeEvent[], where: string): Map<string, string> {
		const map = new Map<string, string>();
		for (const e of events) {
			if (map.has(e.id)) this.fail(`${where}: event ${e.id} appears twice`);
			map.set(e.id, canonicalJson(e));
		}
		return map;
	}

	/** The same IDs with the same content on both sides. */
	compareSets(expected: Map<string, string>, actual: Map<string, string>, expectedName: string, actualName: string): void {
		const missing = [...expected.keys()].filter((id) => !actual.has(id));
		const extra = [...actual.keys()].filter((id) => !expected.has(id));
		const differ = [...expected.keys()].filter((id) => actual.has(id) && actual.get(id) !== expected.get(id));
		const show = (ids: string[]) => ids.slice(0, 8).join(', ') + (ids.length > 8 ? ` … (${ids.length})` : '');
		if (missing.length) this.fail(`${actualName} lacks ${missing.length} event(s) of ${expectedName}: ${show(missing)}`);
		if (extra.length) this.fail(`${actualName} holds ${extra.length} event(s) that ${expectedName} does not: ${show(extra)}`);
		for (const id of differ.slice(0, 5)) this.fail(`${actualName}: event ${id} differs from ${expectedName}:\n    ${expectedName}: ${expected.get(id)}\n    ${actualName}: ${actual.get(id)}`);
		if (differ.length > 5) this.fail(`${actualName}: ${differ.length} events differ from ${expectedName} in all`);
	}

	/**
	 * server_seq straight from SQLite (WAL: readable while the server runs): no duplicates, rising
	 * in the pull's order, every row of `eventId`. Returns the number of rows and the last server_seq.
	 */
	serverRows(dbFile: string, eventId: string, pulled: readonly JudgeEvent[]): { rows: number; lastSeq: number } {
		const sqlite = new Database(dbFile, { readonly: true, fileMustExist: true });
		const rows = sqlite.prepare('SELECT id, server_seq, event_id FROM judge_events ORDER BY server_seq').all() as { id: string; server_seq: number; event_id: string | null }[];
		sqlite.close();
		const seqs = new Set(rows.map((r) => r.server_seq));
		if (seqs.size !== rows.length) this.fail(`server_seq has ${rows.length - seqs.size} duplicate(s)`);
		if (new Set(rows.map((r) => r.id)).size !== rows.length) this.fail('judge_events holds an ID twice');
		for (let i = 1; i < rows.length; i++) if (rows[i]!.server_seq <= rows[i - 1]!.server_seq) this.fail(`server_seq not increasing at ${rows[i]!.id}`);
		const others = rows.filter((r) => r.event_id !== eventId);
		if (others.length) this.fail(`${others.length} judge event(s) stored under another event than "${eventId}", e.g. ${others[0]!.id} (${others[0]!.event_id})`);
		if (rows.map((r) => r.id).join('\n') !== pulled.map((e) => e.id).join('\n')) this.fail('the pull order is not the server_seq order of judge_events');
		return { rows: rows.length, lastSeq: rows.at(-1)?.server_seq ?? 0 };
	}

	/** Every competition of a set-up folded from scratch by the shared scorer: its standings by competition ID, canonical JSON. */
	setupStandings(setup: SetupResponse, events: readonly JudgeEvent[], now: number): Map<string, string> {
		const out = new Map<string, string>();
		const rulesets = new Map(setup.rulesets.map((r) => [`${r.id}@${r.version}`, r]));
		for (const competition of setup.competitions) {
			const ruleset = rulesets.get(`${competition.ruleset.id}@${competition.ruleset.version}`);
			if (!ruleset) {
				this.fail(`server set-up: competition ${competition.id} has no ruleset ${competition.ruleset.id}@${competition.ruleset.version}`);
				continue;
			}
			const entries = setup.entries.filter((e) => e.competitionId === competition.id);
			const standings = scoreCompetition({ competition, ruleset, entries }, events.filter((e) => e.competitionId === competition.id), now);
			out.set(competition.id, canonicalJson(standings));
		}
		return out;
	}

	/** Every competition on a tablet folded from its own set-up and events table. */
	async deviceStandings(db: StationDb, label: string, now: number): Promise<Map<string, string>> {
		const out = new Map<string, string>();
		const { competitions } = await listSetup(db);
		for (const c of competitions) {
			const setup = await loadCompetition(db, c.id);
			if (!setup) {
				this.fail(`${label}: competition ${c.id} lacks its ruleset on the tablet`);
				continue;
			}
			const events = await db.events.where('competitionId').equals(c.id).toArray();
			const standings: Standings = scoreCompetition(setup, events, now);
			out.set(c.id, canonicalJson(standings));
		}
		return out;
	}

	/** Two sets of standings by competition ID: the same competitions, equal standings. Returns how many were compared and their rows. */
	compareStandings(expected: Map<string, string>, actual: Map<string, string>, expectedName: string, actualName: string): { compared: number; rows: number } {
		let compared = 0;
		let rows = 0;
		for (const id of expected.keys()) if (!actual.has(id)) this.fail(`${actualName}: no competition ${id}`);
		for (const id of actual.keys()) if (!expected.has(id)) this.fail(`${actualName}: competition ${id} is not in ${expectedName}`);
		for (const [id, json] of actual) {
			const want = expected.get(id);
			if (want === undefined) continue;
			compared++;
			rows += (JSON.parse(json) as Standings).rows.length;
			if (json !== want) this.fail(`${actualName}: standings of ${id} differ from ${expectedName}'s:\n    ${expectedName}: ${want.slice(0, 600)}\n    ${actualName}: ${json.slice(0, 600)}`);
		}
		return { compared, rows };
	}

	/** Prints the failures (at most 60) and says whether there were none. */
	report(name: string): boolean {
		if (!this.failures.length) return true;
		console.error(`\n${name}: FAILED, ${this.failures.length} mismatch(es):`);
		for (const f of this.failures.slice(0, 60)) console.error(`  - ${f}`);
		if (this.failures.length > 60) console.error(`  … and ${this.failures.length - 60} more`);
		return false;
	}
}

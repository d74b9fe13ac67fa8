import type { Ruleset } from '$lib/rules/schema';
import type { Competition, CompetitionEvent, Entry } from '$lib/setup/schema';
import type { JudgeEvent } from '$lib/events/schema';
import { canonicalJson } from '$lib/events/order';
import { scoreCompetition, type Standings } from '$lib/scoring';
import { issuePath } from '$lib/validation';
import { itemLabel, SETUP_KINDS, SETUP_LISTS, setupKey, type EventFileSetup, type FileError, type ParsedEventFile } from './event-file';
import { applyMerges } from './apply-merges';

/**
 * Several event files (the tablets of one day, or a tablet's exports over time) as one:
 * - set-up items are deduplicated by ID (rulesets by ID and version); the same ID with
 *   different content in two files is an error naming both files and the item;
 * - judge events are concatenated as they are: the scorer counts an event ID once (the same
 *   event exported by two tablets counts once) and reports two different events under one
 *   ID as an `id-collision` conflict;
 * - merges of competitions (`setup.merges`) are deduplicated by ID like set-up items, and
 *   applied when the merged files are scored (standingsOfMerged, apply-merges.ts).
 */

export interface MergedEventFiles {
	/** The files' names, in the order given. */
	files: string[];
	/** Every set-up item once, in order of first appearance. */
	setup: EventFileSetup;
	/** Every file's log, concatenated (duplicates included). */
	log: JudgeEvent[];
}

export type Result<T> = { ok: true; value: T } | { ok: false; errors: FileError[] };

export function mergeEventFiles(files: readonly ParsedEventFile[]): Result<MergedEventFiles> {
	const errors: FileError[] = [];
	const setup: EventFileSetup = { events: [], rulesets: [], competitions: [], heats: [], entries: [] };
	for (const list of SETUP_LISTS) {
		const seen = new Map<string, { item: EventFileSetup[typeof list][number]; file: string; index: number; text: string }>();
		for (const { fileName, file } of files) {
			(file.setup[list] as EventFileSetup[typeof list][number][]).forEach((item, index) => {
				const key = setupKey(list, item as { id: string; version?: number });
				const text = canonicalJson(list === 'competitions' ? withoutPlan(item as Competition) : item);
				const first = seen.get(key);
				if (!first) {
					seen.set(key, { item, file: fileName, index, text });
					(setup[list] as unknown[]).push(item);
					return;
				}
				if (first.text === text) {
					// The plan for a next round is not part of the results: tablets that pulled the set-up
					// before and after the organizer set it still merge; the first file that has one gives it.
					if (list === 'competitions') adoptPlan(setup.competitions, first.item as Competition, item as Competition);
					return;
				}
				const kind = SETUP_KINDS[list];
				const label = itemLabel(kind, item)!;
				const diff = firstDifference(first.item, item, []);
				const field = issuePath(diff);
				errors.push({
					file: fileName,
					position: `setup.${list}[${index}]`,
					item: { kind, id: label },
					field: diff.length ? field : '',
					path: `setup.${list}[${index}]${diff.length ? (typeof diff[0] === 'number' ? '' : '.') + field : ''}`,
					message:
						`differs from ${kind} ${label} in ${first.file} (setup.${list}[${first.index}])` +
						`: there ${show(valueAt(first.item, diff))}, here ${show(valueAt(item, diff))}` +
						(list === 'rulesets' ? '; a changed ruleset needs a new version (CZ-GEN-CHANGES)' : '')
				});
			});
		}
	}
	const merges = new Map<string, { text: string; file: string; index: number }>();
	for (const { fileName, file } of files)
		(file.setup.merges ?? []).forEach((merge, index) => {
			const text = canonicalJson(merge);
			const first = merges.get(merge.id);
			if (!first) {
				merges.set(merge.id, { text, file: fileName, index });
				(setup.merges ??= []).push(merge);
			} else if (first.text !== text)
				errors.push({
					file: fileName,
					position: `setup.merges[${index}]`,
					item: { kind: 'merge', id: merge.id },
					field: '',
					path: `setup.merges[${index}]`,
					message: `differs from merge ${merge.id} in ${first.file} (setup.merges[${first.index}])`
				});
		});
	if (errors.length > 0) return { ok: false, errors };
	return { ok: true, value: { files: files.map((f) => f.fileName), setup, log: files.flatMap((f) => f.file.log) } };
}

/** A competition without its advancement to a final (`advancesTo`): what must agree between files. */
function withoutPlan(c: Competition): Omit<Competition, 'advancesTo'> {
	const { advancesTo: _plan, ...rest } = c;
	return rest;
}

/** Gives the kept competition the advancement a later file has, when it has none itself. */
function adoptPlan(kept: Competition[], first: Competition, later: Competition): void {
	if (first.advancesTo || !later.advancesTo) return;
	const i = kept.indexOf(first);
	if (i >= 0) kept[i] = { ...first, advancesTo: later.advancesTo };
}

/** The path of the first place where two JSON values differ (empty: at the top). */
function firstDifference(a: unknown, b: unknown, path: (string | number)[]): (string | number)[] {
	if (Array.isArray(a) && Array.isArray(b)) {
		for (let i = 0; i < Math.min(a.length, b.length); i++)
			if (canonicalJson(a[i]) !== canonicalJson(b[i])) return firstDifference(a[i], b[i], [...path, i]);
		return path; // one is longer
	}
	if (isObject(a) && isObject(b)) {
		const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
		for (const k of keys) if (canonicalJson(a[k]) !== canonicalJson(b[k])) return firstDifference(a[k], b[k], [...path, k]);
	}
	return path;
}

function isObject(v: unknown): v is Record<string, unknown> {
	return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function valueAt(v: unknown, path: readonly (string | number)[]): unknown {
	let x = v;
	for (const p of path) x = x !== null && typeof x === 'object' ? (x as Record<string | number, unknown>)[p] : undefined;
	return x;
}

function show(v: unknown): string {
	if (v === undefined) return 'nothing';
	const s = JSON.stringify(v);
	return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/** One competition's standings with what they were computed from. */
export interface CompetitionStandings {
	competition: Competition;
	/** The competition's day, when defined (it always is in a valid file). */
	day: CompetitionEvent | undefined;
	ruleset: Ruleset;
	entries: Entry[];
	standings: Standings;
}

/** What one competition of merged files is scored from: its set-up, and its events (merges applied). */
export interface CompetitionToScore extends Omit<CompetitionStandings, 'standings'> {
	events: JudgeEvent[];
}

/**
 * Standings of every competition in the merged set-up, at moment `now` (ms; running clocks),
 * ordered by day (date, then ID), then competition ID: the same order whatever the order of
 * the files. Merged competitions are applied first (apply-merges.ts): a folded-in
 * competition is scored as part of the one it was merged into, never on its own.
 */
export function standingsOfMerged(data: MergedEventFiles, now: number): CompetitionStandings[] {
	return competitionsToScore(data).map(({ events, ...c }) => ({ ...c, standings: scoreCompetition(c, events, now) }));
}

/** The competitions standingsOfMerged scores, in its order, each with what it is scored from. */
export function competitionsToScore(data: MergedEventFiles): CompetitionToScore[] {
	const merged = applyMerges(data);
	const { setup } = merged;
	const days = new Map(setup.events.map((d) => [d.id, d]));
	const rulesets = new Map(setup.rulesets.map((r) => [setupKey('rulesets', r), r]));
	const logByCompetition = new Map<string, JudgeEvent[]>();
	for (const e of merged.log) {
		const list = logByCompetition.get(e.competitionId);
		if (list) list.push(e);
		else logByCompetition.set(e.competitionId, [e]);
	}
	const competitions = [...setup.competitions].sort((a, b) => {
		const da = days.get(a.eventId);
		const db = days.get(b.eventId);
		return cmp(da?.date ?? '', db?.date ?? '') || cmp(a.eventId, b.eventId) || cmp(a.id, b.id);
	});
	return competitions.map((competition) => {
		const ruleset = rulesets.get(`${competition.ruleset.id}@${competition.ruleset.version}`);
		// A merge of valid files always has it (the self-contained rule).
		if (!ruleset) throw new Error(`ruleset ${competition.ruleset.id} v${competition.ruleset.version} of ${competition.id} is missing`);
		const entries = setup.entries.filter((e) => e.competitionId === competition.id);
		return { competition, day: days.get(competition.eventId), ruleset, entries, events: logByCompetition.get(competition.id) ?? [] };
	});
}

/** Merges parsed files and computes every competition's standings at `now`. */
export function standingsOfFiles(files: readonly ParsedEventFile[], now: number): Result<CompetitionStandings[]> {
	const merged = mergeEventFiles(files);
	if (!merged.ok) return merged;
	return { ok: true, value: standingsOfMerged(merged.value, now) };
}

function cmp(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

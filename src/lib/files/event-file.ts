import { z } from 'zod/mini';
import '$lib/zod-locale';
import { RulesetSchema, type Ruleset } from '$lib/rules/schema';
import {
	CompetitionMergeSchema,
	CompetitionSchema,
	EntrySchema,
	EventSchema,
	HeatSchema,
	IdSchema,
	type Competition,
	type CompetitionMerge,
	type Entry,
	type Heat
} from '$lib/setup/schema';
import { mergeProblems } from '$lib/setup/merge-problems';
import { JudgeEventSchema, type JudgeEvent } from '$lib/events/schema';
import { canonicalJson } from '$lib/events/order';
import { issuePath } from '$lib/validation';
import { parseJson } from './json-syntax';
import { EVENT_FILE_FORMAT, EVENT_FILE_VERSION, READABLE_EVENT_FILE_VERSIONS, type EventFileVersion } from './event-file-format';

/**
 * The exported event file: what a tablet writes and the server imports. One JSON object
 * with the set-up its events refer to and the judge-event log. docs/event-format.md
 * describes it for people; docs/event-file.schema.json is generated from EventFileSchema.
 *
 * A file is self-contained: every competition, heat and entry that a judge event names is
 * defined in the file's set-up, with the ruleset version each competition runs under.
 */

export { EVENT_FILE_FORMAT, EVENT_FILE_VERSION, READABLE_EVENT_FILE_VERSIONS, type EventFileVersion };

export const EventFileSetupSchema = z.object({
	/** The competition days. */
	events: z.array(EventSchema),
	/** The ruleset versions the competitions run under (unique by id and version). */
	rulesets: z.array(RulesetSchema),
	competitions: z.array(CompetitionSchema),
	heats: z.array(HeatSchema),
	entries: z.array(EntrySchema),
	/**
	 * Competitions the organizer merged (optional; absent in files made before merges existed):
	 * the folded-in competition is read as the kept one (src/lib/files/apply-merges.ts).
	 */
	merges: z.optional(z.array(CompetitionMergeSchema))
});
export type EventFileSetup = z.infer<typeof EventFileSetupSchema>;
/** The set-up's lists of items keyed by ID (the merges, which name them, aside). */
export type SetupList = Exclude<keyof EventFileSetup, 'merges'>;

const EventFileObjectSchema = z.object({
	format: z.literal(EVENT_FILE_FORMAT),
	/** The format's version: written as EVENT_FILE_VERSION, read from any of READABLE_EVENT_FILE_VERSIONS. */
	version: z.literal(READABLE_EVENT_FILE_VERSIONS),
	/** When the file was written, ms since the epoch (the device's clock). */
	exportedAt: z.number().check(z.int(), z.minimum(0)),
	/** The device that wrote the file, when one did (a tablet); absent for merged exports. */
	deviceId: z.optional(IdSchema),
	setup: EventFileSetupSchema,
	/** Judge events in any order; their total order is (at, deviceId, seq, id). */
	log: z.array(JudgeEventSchema)
});

/** The whole file, with the self-contained check (reference issues) as a refinement. */
export const EventFileSchema = EventFileObjectSchema.check(
	z.superRefine((file, ctx) => {
		for (const issue of referenceIssues(file.setup as EventFileSetup, file.log as JudgeEvent[]))
			ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
	})
);

export interface EventFile {
	format: typeof EVENT_FILE_FORMAT;
	version: EventFileVersion;
	exportedAt: number;
	deviceId?: string;
	setup: EventFileSetup;
	log: JudgeEvent[];
}

/** A file read and validated, with the name it was read under. */
export interface ParsedEventFile {
	fileName: string;
	file: EventFile;
}

/** One problem in a file: the file, where in it, the field and the reason. */
export interface FileError {
	file: string;
	/**
	 * The item the problem is in: `log[17]` (the 18th judge event), `setup.entries[2]`; or the
	 * top-level field (`format`, `setup`), or `(file)` for the file as a whole.
	 */
	position: string;
	/** The item's ID when it can be read, and what kind of item it is. */
	item?: { kind: ItemKind; id: string };
	/** The field inside the item, dotted (`payload.missingPieces`); empty for the item itself. */
	field: string;
	/** The full dotted path from the file's root: `log[17].payload.missingPieces`. */
	path: string;
	message: string;
	/** For JSON syntax errors: 1-based line and column. */
	line?: number;
	column?: number;
}

export type ItemKind = 'event' | 'day' | 'ruleset' | 'competition' | 'heat' | 'entry' | 'merge';

export type ParseResult = { ok: true; value: ParsedEventFile } | { ok: false; errors: FileError[] };

export const SETUP_KINDS = {
	events: 'day',
	rulesets: 'ruleset',
	competitions: 'competition',
	heats: 'heat',
	entries: 'entry'
} as const satisfies Record<SetupList, ItemKind>;
export const SETUP_LISTS = Object.keys(SETUP_KINDS) as SetupList[];

/** How an item names itself in messages: `ruleset czjpa-individual v1`, `entry e7`. */
export function itemLabel(kind: ItemKind, item: unknown): string | undefined {
	if (item === null || typeof item !== 'object') return undefined;
	const o = item as Record<string, unknown>;
	if (typeof o.id !== 'string') return undefined;
	return kind === 'ruleset' && typeof o.version === 'number' ? `${o.id} v${o.version}` : o.id;
}

/** One line for people: `file: log[3] (event abc): payload.missingPieces: Too small …`. */
export function formatFileError(e: FileError): string {
	if (e.line !== undefined) return `${e.file}: line ${e.line}, column ${e.column}: ${e.message}`;
	if (e.position === '(file)')
		return `${e.file}: ${e.path === '(root)' ? '' : `${e.path}: `}${e.message}`;
	const item = e.item ? ` (${e.item.kind} ${e.item.id})` : '';
	return `${e.file}: ${e.position}${item}: ${e.field ? `${e.field}: ` : ''}${e.message}`;
}

/** A FileError from a path in the file (as zod gives it) and a message. */
export function fileError(file: string, path: readonly PropertyKey[], message: string, root?: unknown): FileError {
	const full = issuePath(path);
	let cut = 0;
	let kind: ItemKind | undefined;
	if (path[0] === 'log' && typeof path[1] === 'number') {
		cut = 2;
		kind = 'event';
	} else if (path[0] === 'setup' && typeof path[1] === 'string' && path[1] in SETUP_KINDS && typeof path[2] === 'number') {
		cut = 3;
		kind = SETUP_KINDS[path[1] as SetupList];
	} else if (path[0] === 'setup' && path[1] === 'merges' && typeof path[2] === 'number') {
		cut = 3;
		kind = 'merge';
	}
	if (!kind) return { file, position: path.length === 0 ? '(file)' : full, field: '', path: full, message };
	const position = issuePath(path.slice(0, cut));
	const rest = path.slice(cut);
	let itemValue: unknown = root;
	for (const p of path.slice(0, cut)) itemValue = itemValue != null && typeof itemValue === 'object' ? (itemValue as Record<PropertyKey, unknown>)[p] : undefined;
	const id = itemLabel(kind, itemValue);
	return {
		file,
		position,
		...(id !== undefined ? { item: { kind, id } } : {}),
		field: rest.length === 0 ? '' : issuePath(rest),
		path: full,
		message
	};
}

/**
 * Reads an event file. Every problem is reported, each with the file, the item (`log[17]`
 * and the event's ID), the field and the reason: each judge event and set-up item is
 * validated on its own, then the references between them (the self-contained rule).
 */
export function parseEventFile(text: string, fileName: string): ParseResult {
	const json = parseJson(text);
	if (!json.ok) {
		const { line, column, message } = json.error;
		return {
			ok: false,
			errors: [{ file: fileName, position: '(file)', field: '', path: '(root)', message: `not valid JSON: ${message}`, line, column }]
		};
	}
	const root = json.value;
	const err = (path: readonly PropertyKey[], message: string) => fileError(fileName, path, message, root);

	if (root === null || typeof root !== 'object' || Array.isArray(root))
		return { ok: false, errors: [err([], `an event file is a JSON object with "format": "${EVENT_FILE_FORMAT}"`)] };
	const o = root as Record<string, unknown>;
	if (o.format !== EVENT_FILE_FORMAT)
		return {
			ok: false,
			errors: [err(['format'], `not a puzzle-judge event file: "format" must be "${EVENT_FILE_FORMAT}" (found ${JSON.stringify(o.format) ?? 'nothing'})`)]
		};
	if (typeof o.version === 'number' && !(READABLE_EVENT_FILE_VERSIONS as readonly number[]).includes(o.version))
		return {
			ok: false,
			errors: [
				err(['version'], `version ${o.version} of the event format is not supported; this program reads versions ${READABLE_EVENT_FILE_VERSIONS.join(' and ')}`)
			]
		};

	const errors: FileError[] = [];
	// The envelope, with the lists' items left to be validated one by one below.
	const shape = EventFileObjectSchema.shape;
	const lists = z.array(z.unknown());
	const envelope = z.extend(EventFileObjectSchema, {
		setup: z.object({ ...(Object.fromEntries(SETUP_LISTS.map((k) => [k, lists])) as Record<SetupList, typeof lists>), merges: z.optional(lists) }),
		log: lists
	}).safeParse(root);
	if (!envelope.success) {
		for (const issue of envelope.error.issues) errors.push(err(issue.path, issue.message));
		return { ok: false, errors };
	}

	const setup = {} as Record<SetupList, unknown[]> & { merges?: unknown[] };
	let setupValid = true;
	for (const key of SETUP_LISTS) {
		const items = envelope.data.setup[key];
		const schema = shape.setup.shape[key].def.element;
		setup[key] = items.map((item, index) => {
			const r = schema.safeParse(item);
			if (r.success) return r.data;
			setupValid = false;
			for (const issue of r.error.issues) errors.push(err(['setup', key, index, ...issue.path], issue.message));
			return undefined;
		});
	}
	if (envelope.data.setup.merges !== undefined)
		setup.merges = envelope.data.setup.merges.map((item, index) => {
			const r = CompetitionMergeSchema.safeParse(item);
			if (r.success) return r.data;
			setupValid = false;
			for (const issue of r.error.issues) errors.push(err(['setup', 'merges', index, ...issue.path], issue.message));
			return undefined;
		});
	const log: (JudgeEvent | undefined)[] = envelope.data.log.map((item, index) => {
		const r = shape.log.def.element.safeParse(item);
		if (r.success) return r.data as JudgeEvent;
		for (const issue of r.error.issues) errors.push(err(['log', index, ...issue.path], issue.message));
		return undefined;
	});

	// References are checked only against a valid set-up: a broken item would make every
	// reference to it look undefined and bury the real error.
	if (setupValid)
		for (const issue of referenceIssues(setup as unknown as EventFileSetup, log)) errors.push(err(issue.path, issue.message));

	if (errors.length > 0) return { ok: false, errors };
	const { format, version, exportedAt, deviceId } = envelope.data;
	const file: EventFile = {
		format,
		version,
		exportedAt,
		...(deviceId !== undefined ? { deviceId } : {}),
		setup: setup as unknown as EventFileSetup,
		log: log as JudgeEvent[]
	};
	return { ok: true, value: { fileName, file } };
}

export interface ReferenceIssue {
	path: (string | number)[];
	message: string;
}

/** The key that identifies a set-up item: its ID, for rulesets its ID and version. */
export function setupKey(kind: SetupList, item: { id: string; version?: number }): string {
	return kind === 'rulesets' ? `${item.id}@${item.version}` : item.id;
}

/**
 * The self-contained rule: every reference inside the file resolves within the file.
 * Competitions name their day and ruleset version; heats their competition; entries their
 * competition and heat (of that competition); judge events their competition, heat and
 * entry (of that competition), and a start's or tie-break's entries. The event a correction
 * supersedes may be in another file (another device's log), so it is not checked here.
 * Items given as undefined (invalid ones) are skipped. Two different items under one ID in a
 * list are reported too.
 */
export function referenceIssues(setup: EventFileSetup, log: readonly (JudgeEvent | undefined)[]): ReferenceIssue[] {
	const issues: ReferenceIssue[] = [];
	const index = <K extends SetupList>(kind: K): Map<string, EventFileSetup[K][number]> => {
		const map = new Map<string, EventFileSetup[K][number]>();
		const at = new Map<string, number>();
		(setup[kind] as EventFileSetup[K][number][]).forEach((item, i) => {
			if (item === undefined) return;
			const key = setupKey(kind, item as { id: string; version?: number });
			const seen = map.get(key);
			if (seen === undefined) {
				map.set(key, item);
				at.set(key, i);
			} else if (canonicalJson(seen) !== canonicalJson(item))
				issues.push({
					path: ['setup', kind, i],
					message: `another ${SETUP_KINDS[kind]} with the same ${kind === 'rulesets' ? 'ID and version' : 'ID'} and different content is at setup.${kind}[${at.get(key)}]`
				});
		});
		return map;
	};
	const days = index('events');
	const rulesets = index('rulesets') as Map<string, Ruleset>;
	const competitions = index('competitions') as Map<string, Competition>;
	const heats = index('heats') as Map<string, Heat>;
	const entries = index('entries') as Map<string, Entry>;

	setup.competitions.forEach((c, i) => {
		if (!c) return;
		if (!days.has(c.eventId)) issues.push({ path: ['setup', 'competitions', i, 'eventId'], message: `event (day) "${c.eventId}" is not in the file's setup.events` });
		if (!rulesets.has(`${c.ruleset.id}@${c.ruleset.version}`))
			issues.push({
				path: ['setup', 'competitions', i, 'ruleset'],
				message: `ruleset ${c.ruleset.id} version ${c.ruleset.version} is not in the file's setup.rulesets`
			});
	});
	setup.heats.forEach((h, i) => {
		if (h && !competitions.has(h.competitionId))
			issues.push({ path: ['setup', 'heats', i, 'competitionId'], message: `competition "${h.competitionId}" is not in the file's setup.competitions` });
	});
	setup.entries.forEach((e, i) => {
		if (!e) return;
		if (!competitions.has(e.competitionId))
			issues.push({ path: ['setup', 'entries', i, 'competitionId'], message: `competition "${e.competitionId}" is not in the file's setup.competitions` });
		const h = heats.get(e.heatId);
		if (!h) issues.push({ path: ['setup', 'entries', i, 'heatId'], message: `heat "${e.heatId}" is not in the file's setup.heats` });
		else if (h.competitionId !== e.competitionId && competitions.has(e.competitionId))
			issues.push({ path: ['setup', 'entries', i, 'heatId'], message: `heat "${e.heatId}" belongs to competition "${h.competitionId}", not "${e.competitionId}"` });
	});

	const entryOf = (competitionId: string, id: string, path: (string | number)[]) => {
		const entry = entries.get(id);
		if (!entry) issues.push({ path, message: `entry "${id}" is not in the file's setup.entries` });
		// (an entry of an undefined competition is reported once, at the entry)
		else if (entry.competitionId !== competitionId && competitions.has(entry.competitionId))
			issues.push({ path, message: `entry "${id}" belongs to competition "${entry.competitionId}", not "${competitionId}"` });
	};
	const entryLists = (competitionId: string, type: string, payload: unknown, path: (string | number)[]) => {
		const p = payload as { entryIds?: unknown; order?: unknown };
		if (type === 'heat.start' && Array.isArray(p.entryIds))
			p.entryIds.forEach((id: string, k: number) => entryOf(competitionId, id, [...path, 'entryIds', k]));
		if (type === 'tiebreak.result' && Array.isArray(p.order))
			p.order.forEach((id: string, k: number) => entryOf(competitionId, id, [...path, 'order', k]));
	};
	log.forEach((e, i) => {
		if (!e) return;
		if (!competitions.has(e.competitionId)) {
			issues.push({ path: ['log', i, 'competitionId'], message: `competition "${e.competitionId}" is not in the file's setup.competitions` });
			return;
		}
		if (e.heatId !== null) {
			const h = heats.get(e.heatId);
			if (!h) issues.push({ path: ['log', i, 'heatId'], message: `heat "${e.heatId}" is not in the file's setup.heats` });
			else if (h.competitionId !== e.competitionId && competitions.has(h.competitionId))
				issues.push({ path: ['log', i, 'heatId'], message: `heat "${e.heatId}" belongs to competition "${h.competitionId}", not "${e.competitionId}"` });
		}
		if (e.entryId !== null) entryOf(e.competitionId, e.entryId, ['log', i, 'entryId']);
		if (e.type === 'correction') {
			const r = e.payload.replacement;
			if (r) entryLists(e.competitionId, r.type, r.payload, ['log', i, 'payload', 'replacement', 'payload']);
		} else entryLists(e.competitionId, e.type, e.payload, ['log', i, 'payload']);
	});

	// Merges name competitions, heats and entries of the file, and are checked as the server checks them.
	const merges = (setup.merges ?? []).filter((m): m is CompetitionMerge => m !== undefined);
	const mergeIds = new Map<string, string>();
	(setup.merges ?? []).forEach((m, i) => {
		if (!m) return;
		const text = canonicalJson(m);
		const seen = mergeIds.get(m.id);
		if (seen !== undefined && seen !== text)
			issues.push({ path: ['setup', 'merges', i], message: 'another merge with the same ID and different content is in the file' });
		if (seen !== undefined) return;
		mergeIds.set(m.id, text);
		const world = { competitions: [...competitions.values()], heats: [...heats.values()], entries: [...entries.values()], merges };
		for (const p of mergeProblems(m, world, { complete: false })) issues.push({ path: ['setup', 'merges', i, ...p.path], message: p.message });
	});
	return issues;
}

/** The JSON text of a file, as a tablet writes it. */
export function serializeEventFile(file: EventFile): string {
	return `${JSON.stringify(file, null, '\t')}\n`;
}

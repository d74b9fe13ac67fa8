import type { JudgeEvent } from '$lib/events/schema';
import type { Ruleset } from '$lib/rules/schema';
import type { Competition, Entry, Heat } from '$lib/setup/schema';
import { MAX_PUSH_BYTES, MAX_PUSH_EVENTS, type ClockReport, type PushRequest } from '$lib/contract';

/** The set-up of one competition made on the tablet, to go with its events. */
export interface CompetitionSetupToPush {
	competition: Competition;
	ruleset: Ruleset | null;
	heats: Heat[];
	entries: Entry[];
}

export interface PushBatch {
	events: JudgeEvent[];
	body: PushRequest;
	/** The body as sent: measured, so it is serialized once. */
	bodyText: string;
	bytes: number;
}

export interface BatchLimits {
	maxEvents: number;
	maxBytes: number;
}

export const PUSH_LIMITS: BatchLimits = { maxEvents: MAX_PUSH_EVENTS, maxBytes: MAX_PUSH_BYTES };

const encoder = new TextEncoder();
/** What the server measures: bytes of UTF-8, not characters. */
export function utf8Bytes(text: string): number {
	return encoder.encode(text).length;
}

function setupOf(events: readonly JudgeEvent[], setups: ReadonlyMap<string, CompetitionSetupToPush>): PushRequest['setup'] | undefined {
	const competitions: Competition[] = [];
	const rulesets = new Map<string, Ruleset>();
	const heats: Heat[] = [];
	const entries: Entry[] = [];
	const seen = new Set<string>();
	for (const e of events) {
		const s = setups.get(e.competitionId);
		if (!s || seen.has(e.competitionId)) continue;
		seen.add(e.competitionId);
		competitions.push(s.competition);
		if (s.ruleset) rulesets.set(`${s.ruleset.id}@${s.ruleset.version}`, s.ruleset);
		heats.push(...s.heats);
		entries.push(...s.entries);
	}
	if (!competitions.length) return undefined;
	return { rulesets: [...rulesets.values()], competitions, heats, entries };
}

function assemble(events: JudgeEvent[], setups: ReadonlyMap<string, CompetitionSetupToPush>, clock: ClockReport | null): PushBatch {
	const setup = setupOf(events, setups);
	const body: PushRequest = { events, ...(setup ? { setup } : {}), ...(clock ? { clock } : {}) };
	const bodyText = JSON.stringify(body);
	return { events, body, bodyText, bytes: utf8Bytes(bodyText) };
}

/**
 * The next push from the head of the outbox: as many events as fit, in order, within the
 * count and byte limits, with the set-up of their competitions made on the tablet (`setups`)
 * and the clock report. `tooLarge` is an event that cannot be pushed even alone.
 */
export function buildBatch(
	candidates: readonly JudgeEvent[],
	setups: ReadonlyMap<string, CompetitionSetupToPush>,
	clock: ClockReport | null,
	limits: BatchLimits = PUSH_LIMITS
): { batch: PushBatch | null; tooLarge: JudgeEvent | null } {
	if (!candidates.length) return { batch: null, tooLarge: null };
	// Grow by estimate (each event's JSON and a comma; a competition's set-up the first time it
	// appears), then check the real body and give back events until it fits.
	let estimate = utf8Bytes(JSON.stringify({ events: [], clock, setup: { rulesets: [], competitions: [], heats: [], entries: [] } }));
	const taken: JudgeEvent[] = [];
	const withSetup = new Set<string>();
	for (const e of candidates) {
		if (taken.length >= limits.maxEvents) break;
		let cost = utf8Bytes(JSON.stringify(e)) + 1;
		const s = setups.get(e.competitionId);
		if (s && !withSetup.has(e.competitionId)) cost += utf8Bytes(JSON.stringify(s)) + 4;
		if (taken.length > 0 && estimate + cost > limits.maxBytes) break;
		taken.push(e);
		if (s) withSetup.add(e.competitionId);
		estimate += cost;
	}
	let batch = assemble(taken, setups, clock);
	while (batch.bytes > limits.maxBytes && taken.length > 1) {
		taken.pop();
		batch = assemble(taken, setups, clock);
	}
	if (batch.bytes <= limits.maxBytes) return { batch, tooLarge: null };
	// One event alone is too big: with its set-up left out (the server keeps events of unknown
	// competitions), else it can never be pushed.
	const bare = assemble(taken, new Map(), clock);
	if (bare.bytes <= limits.maxBytes) return { batch: bare, tooLarge: null };
	return { batch: null, tooLarge: taken[0]! };
}

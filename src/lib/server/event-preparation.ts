import { liveSince } from './live/live-settings';
import { error } from '@sveltejs/kit';
import { randomBytes } from 'node:crypto';
import { canonicalJson } from '$lib/events/order';
import { presetById } from '$lib/rules/presets';
import type { Ruleset } from '$lib/rules/schema';
import type { Competition, CompetitionEvent, Heat } from '$lib/setup/schema';
import {
	AddCompetitionSchema,
	EventDetailsSchema,
	HeatNameSchema,
	ReviseRulesetSchema,
	RulesetChangeSchema,
	type Device,
	type Preparation,
	type RulesetChange
} from '$lib/contract';
import type { core } from 'zod/mini';
import { describeIssues, validate } from '$lib/validation';
import { competitionStartedAt, heatContents } from './competition-started';
import type { Store } from './store';

/**
 * The organizer prepares the event (/organizer/event): its details, competitions added from the
 * rule presets, a competition's ruleset changed as a new version with a reason (refused once the
 * competition has started: CZ-GEN-CHANGES), heats added, renamed and removed while empty.
 * Every write is one transaction; bad input is 400, something of another event 404, a refusal
 * that the organizer can act on 409 with the reason.
 */

function parsed<S extends core.$ZodType>(schema: S, body: unknown): core.output<S> {
	const r = validate(schema, body);
	if (!r.ok) error(400, describeIssues(r.issues));
	return r.value;
}

/** A short random tail, so that two competitions of one preset, or two heats, get different IDs. */
const tail = () => randomBytes(3).toString('hex');

function competitionOf(store: Store, eventId: string, competitionId: string): Competition {
	const c = store.getCompetition(eventId, competitionId);
	if (!c) error(404, `no competition "${competitionId}" in this event`);
	return c;
}

function heatOf(store: Store, eventId: string, heatId: string): Heat {
	const h = store.getHeat(eventId, heatId);
	if (!h) error(404, `no heat "${heatId}" in this event`);
	return h;
}

function changesOf(store: Store, eventId: string, competitionId: string): RulesetChange[] {
	const rows = store.db.prepare('SELECT json FROM ruleset_changes WHERE event_id = ? AND competition_id = ? ORDER BY seq').pluck().all(eventId, competitionId) as string[];
	return rows.map((j) => RulesetChangeSchema.parse(JSON.parse(j)));
}

/** Everything the event screen shows: the event, and per competition its ruleset, start, ruleset history and heats. */
export function preparation(store: Store, eventId: string): Preparation {
	const event = store.getEvent(eventId);
	if (!event) error(404, `no event "${eventId}" on this server`);
	const live = liveSince(store, eventId);
	return {
		event,
		competitions: store.listCompetitions(eventId).map(({ competition, ruleset }) => ({
			competition,
			ruleset,
			startedAt: competitionStartedAt(store, eventId, competition.id),
			changes: changesOf(store, eventId, competition.id),
			heats: store.listHeats(eventId, competition.id).map((heat) => ({ heat, ...heatContents(store, eventId, heat.id) })),
			liveSince: live.get(competition.id) ?? null
		}))
	};
}

/** The event's name, date, venue, language and currency, replaced. */
export function saveEventDetails(store: Store, eventId: string, body: unknown): CompetitionEvent {
	const d = parsed(EventDetailsSchema, body);
	return store.transaction(() => {
		if (!store.getEvent(eventId)) error(404, `no event "${eventId}" on this server`);
		store.db
			.prepare('UPDATE events SET name = ?, date = ?, venue = ?, language = ?, currency = ? WHERE id = ?')
			.run(d.name, d.date, d.venue?.trim() || null, d.language ?? null, d.currency ?? null, eventId);
		return store.getEvent(eventId)!;
	});
}

/** A competition of the event under a rule preset, as the preset is (a change is a new version). */
export function addCompetition(store: Store, eventId: string, body: unknown): { competition: Competition; ruleset: Ruleset } {
	const { presetId, name } = parsed(AddCompetitionSchema, body);
	const preset = presetById(presetId);
	if (!preset) error(400, `presetId: no rule preset "${presetId}"`);
	return store.transaction(() => {
		if (!store.getEvent(eventId)) error(404, `no event "${eventId}" on this server`);
		const stored = store.getRuleset(preset.id, preset.version);
		if (stored && canonicalJson(stored) !== canonicalJson(preset))
			error(409, `ruleset ${preset.id} version ${preset.version} is stored on this server with other content`);
		const competition: Competition = { id: `${preset.id}-${tail()}`, eventId, name: name ?? preset.name, ruleset: { id: preset.id, version: preset.version } };
		store.insertSetup({ rulesets: [preset], competitions: [competition] });
		return { competition, ruleset: preset };
	});
}

/** The ruleset without its version: what a change compares. */
const content = (r: Ruleset) => canonicalJson({ ...r, version: 0 });

/**
 * A competition's ruleset changed: stored as a new version of the same ruleset (the next number
 * not yet used on this server, so another event's versions never collide) and the competition
 * moved to it, the change recorded with its reason, who and when. Refused (409) once the
 * competition has started (CZ-GEN-CHANGES), or when the form was opened from an older version.
 */
export function reviseCompetitionRuleset(store: Store, device: Device, eventId: string, competitionId: string, body: unknown, now: number): { competition: Competition; ruleset: Ruleset; change: RulesetChange } {
	const input = parsed(ReviseRulesetSchema, body);
	return store.transaction(() => {
		const competition = competitionOf(store, eventId, competitionId);
		const current = store.getRuleset(competition.ruleset.id, competition.ruleset.version)!;
		const startedAt = competitionStartedAt(store, eventId, competitionId);
		if (startedAt !== null)
			error(
				409,
				`competition "${competition.name}" has started (${new Date(startedAt).toISOString()}): its ruleset version ${current.version} is frozen and cannot change (CZ-GEN-CHANGES)`
			);
		if (input.baseVersion !== current.version)
			error(409, `the ruleset was changed since the form was opened (version ${input.baseVersion} then, version ${current.version} now): open it again`);
		if (input.ruleset.id !== current.id) error(400, `ruleset.id: must stay "${current.id}"`);
		if (content(input.ruleset) === content(current)) error(400, 'nothing changed: the ruleset is the same as version ' + current.version);
		const last = store.db.prepare('SELECT max(version) FROM rulesets WHERE id = ?').pluck().get(current.id) as number;
		const ruleset: Ruleset = { ...input.ruleset, version: last + 1 };
		store.insertSetup({ rulesets: [ruleset] });
		store.db.prepare('UPDATE competitions SET ruleset_version = ? WHERE event_id = ? AND id = ?').run(ruleset.version, eventId, competitionId);
		const change: RulesetChange = {
			competitionId,
			rulesetId: ruleset.id,
			fromVersion: current.version,
			toVersion: ruleset.version,
			reason: input.reason,
			by: { tokenId: device.id, label: device.label },
			at: now
		};
		store.db.prepare('INSERT INTO ruleset_changes (event_id, competition_id, json) VALUES (?, ?, ?)').run(eventId, competitionId, JSON.stringify(change));
		return { competition: { ...competition, ruleset: { id: ruleset.id, version: ruleset.version } }, ruleset, change };
	});
}

/** A new heat at the end of the competition's heats. */
export function addHeat(store: Store, eventId: string, competitionId: string, body: unknown): Heat {
	const { name } = parsed(HeatNameSchema, body);
	return store.transaction(() => {
		competitionOf(store, eventId, competitionId);
		const heat: Heat = { id: `${competitionId.slice(0, 50)}-h-${tail()}`, competitionId, name };
		store.insertSetup({ eventId, heats: [heat] });
		return heat;
	});
}

export function renameHeat(store: Store, eventId: string, heatId: string, body: unknown): Heat {
	const { name } = parsed(HeatNameSchema, body);
	return store.transaction(() => {
		const heat = heatOf(store, eventId, heatId);
		store.db.prepare('UPDATE heats SET name = ? WHERE event_id = ? AND id = ?').run(name, eventId, heatId);
		return { ...heat, name };
	});
}

/** Removes a heat that holds nothing; one with entries, judge events or a start is refused (409) saying what it holds. */
export function removeHeat(store: Store, eventId: string, heatId: string): Heat {
	return store.transaction(() => {
		const heat = heatOf(store, eventId, heatId);
		const held = heatContents(store, eventId, heatId);
		const what = [
			held.entries > 0 ? `${held.entries} entr${held.entries === 1 ? 'y' : 'ies'}` : null,
			held.events > 0 ? `${held.events} judge event${held.events === 1 ? '' : 's'}` : null,
			held.started ? 'a start' : null
		].filter((x) => x !== null);
		if (what.length > 0) error(409, `heat "${heat.name}" is not empty (${what.join(', ')}): only an empty heat can be removed`);
		store.db.prepare('DELETE FROM heats WHERE event_id = ? AND id = ?').run(eventId, heatId);
		return heat;
	});
}

import { error } from '@sveltejs/kit';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod/mini';
import type { Registration } from '$lib/registration/schema';
import { drawShifts, drawTeams, swapShifts } from '$lib/setup/draw';
import type { Entry, Heat } from '$lib/setup/schema';
import { DrawRecordSchema, TeamDrawRequestSchema, TeamRenameSchema, TurnDrawRequestSchema, TurnSwapSchema, type DrawRecord, type TeamDraw, type TurnDraw } from '$lib/contract';
import { describeIssues, toIssues } from '$lib/validation';
import type { Device } from '$lib/contract';
import { competitionStartedAt, heatContents } from './competition-started';
import { saveOrganizerSetup } from './organizer-setup';
import { getPerson, listRegistrations, putRegistration, recordChange } from './register-store';
import type { Store } from './store';

/**
 * The relay's teams drawn on the server (CZ-TEAM-DRAW, issue 15): from the competition's
 * registered individuals (registrations of one person, not waiting, not cancelled) and the seed
 * the organizer showed before the draw, with src/lib/setup/draw.ts, so that any device computes
 * the same teams from the same seed and sorted input. The teams become the relay's set-up
 * entries (entry ID = team ID, members without birth dates) in the competition's first heat
 * ("Heat 1" made when there is none), which tablets pull. Every draw is kept (migration 14); a
 * redraw needs a reason, replaces the earlier teams' entries and marks that draw superseded.
 */

export const TEAM_SIZE = 4;

function parse<S extends z.ZodMiniType>(schema: S, body: unknown): z.infer<S> {
	const parsed = schema.safeParse(body);
	if (!parsed.success) error(400, describeIssues(toIssues(parsed.error)));
	return parsed.data;
}

export function listDraws(store: Store, eventId: string): DrawRecord[] {
	const rows = store.stmt('SELECT json FROM draws WHERE event_id = ? ORDER BY made_at DESC, rowid DESC').pluck().all(eventId) as string[];
	return rows.map((json) => DrawRecordSchema.parse(JSON.parse(json)));
}

/** Stores a draw (new, or its superseding and renames). */
export function putDraw(store: Store, draw: DrawRecord): void {
	store
		.stmt('INSERT INTO draws (event_id, id, competition_id, kind, made_at, json) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (event_id, id) DO UPDATE SET json = excluded.json')
		.run(draw.eventId, draw.id, draw.competitionId, draw.kind, draw.at, JSON.stringify(DrawRecordSchema.parse(draw)));
}

/** The individuals a relay's teams are drawn from: registered alone, not waiting, not cancelled. */
export function drawableRegistrations(store: Store, eventId: string, competitionId: string): Registration[] {
	return listRegistrations(store, eventId, { competitionId, statuses: ['registered'] }).filter((r) => r.memberIds.length === 1);
}

/** The heat the teams are put in until seated: the competition's first, or a new "Heat 1". */
function firstHeat(store: Store, eventId: string, competitionId: string): Heat {
	const heat = store.listHeats(eventId, competitionId)[0];
	if (heat) return heat;
	const made: Heat = { id: `${competitionId.slice(0, 50)}-h-${randomBytes(3).toString('hex')}`, competitionId, name: 'Heat 1' };
	store.insertSetup({ eventId, heats: [made] });
	return made;
}

function entryOf(store: Store, eventId: string, competitionId: string, heatId: string, team: { id: string; name: string; memberIds: readonly string[] }): Entry {
	const members = team.memberIds.map((id) => {
		const p = getPerson(store, eventId, id);
		return { id, name: p?.name ?? id, ...(p?.country ? { country: p.country } : {}) };
	});
	return { id: team.id, competitionId, heatId, name: team.name, members };
}

export function drawRelayTeams(store: Store, device: Device, eventId: string, body: unknown, now: number): TeamDraw {
	const request = parse(TeamDrawRequestSchema, body);
	return store.transaction(() => {
		const competition = store.getCompetition(eventId, request.competitionId);
		if (!competition) error(400, `competitionId: no competition "${request.competitionId}" in this event`);
		const ruleset = store.getRuleset(competition.ruleset.id, competition.ruleset.version)!;
		if (ruleset.unit.kind !== 'team') error(400, `${competition.name} is not a competition of teams: there are no teams to draw`);
		if (competitionStartedAt(store, eventId, competition.id) !== null) error(409, `${competition.name} has started: its teams can no longer be drawn`);
		const inForce = listDraws(store, eventId).find((d) => d.competitionId === competition.id && d.superseded === null && d.kind === 'teams');
		const reason = request.reason?.trim() || null;
		if (inForce && !reason) error(400, 'the teams were drawn already: a redraw needs a reason (the earlier draw stays in the record)');
		const registrations = drawableRegistrations(store, eventId, competition.id);
		if (registrations.length < TEAM_SIZE) error(400, `${competition.name} has ${registrations.length} registered individuals: a team needs ${TEAM_SIZE}`);
		const input = registrations
			.map((r) => ({ id: r.memberIds[0]!, name: getPerson(store, eventId, r.memberIds[0]!)?.name ?? r.name }))
			.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
		const drawn = drawTeams(
			input.map((p) => p.id),
			TEAM_SIZE,
			request.seed
		);
		const id = `draw-${randomBytes(4).toString('hex')}`;
		const teamId = (n: number) => `${id}-team-${n}`;
		const teams = drawn.teams.map((memberIds, i) => ({ id: teamId(i + 1), name: `${request.teamName} ${i + 1}`, memberIds, short: false }));
		if (drawn.unplaced.length > 0 && request.leftoverChoice === 'short-team')
			teams.push({ id: teamId(teams.length + 1), name: `${request.teamName} ${teams.length + 1}`, memberIds: drawn.unplaced, short: true });
		if (drawn.unplaced.length > 0 && request.leftoverChoice === 'waiting') backToWaiting(store, device, eventId, registrations, drawn.unplaced, now);
		if (inForce?.kind === 'teams') {
			const remove = store.stmt('DELETE FROM entries WHERE event_id = ? AND competition_id = ? AND id = ?');
			for (const t of inForce.teams) remove.run(eventId, competition.id, t.id);
			putDraw(store, { ...inForce, superseded: { at: now, by: id } });
		}
		const heat = firstHeat(store, eventId, competition.id);
		store.insertSetup({ eventId, entries: teams.map((t) => entryOf(store, eventId, competition.id, heat.id, t)) });
		const draw: TeamDraw = {
			id,
			eventId,
			competitionId: competition.id,
			kind: 'teams',
			seed: request.seed,
			input,
			teams,
			leftovers: drawn.unplaced,
			leftoverChoice: request.leftoverChoice,
			at: now,
			by: { tokenId: device.id, label: device.label },
			reason,
			superseded: null,
			renames: []
		};
		putDraw(store, draw);
		return draw;
	});
}

/** The leftovers' registrations go back to the waiting list, each change recorded on the register. */
function backToWaiting(store: Store, device: Device, eventId: string, registrations: readonly Registration[], personIds: readonly string[], now: number): void {
	for (const r of registrations.filter((r) => personIds.includes(r.memberIds[0]!))) {
		putRegistration(store, { ...r, status: 'waiting', version: r.version + 1 }, r.version);
		recordChange(store, {
			eventId,
			kind: 'registration.changed',
			personId: null,
			registrationId: r.id,
			at: now,
			by: { tokenId: device.id, label: device.label },
			changes: [{ field: 'status', before: r.status, after: 'waiting' }]
		});
	}
}

function drawOf<K extends DrawRecord['kind']>(store: Store, eventId: string, drawId: string, kind: K): Extract<DrawRecord, { kind: K }> {
	const draw = listDraws(store, eventId).find((d) => d.id === drawId);
	if (draw?.kind !== kind) error(404, `no draw "${drawId}" of ${kind} in this event`);
	return draw as Extract<DrawRecord, { kind: K }>;
}

export function renameDrawnTeam(store: Store, device: Device, eventId: string, drawId: string, teamId: string, body: unknown, now: number): TeamDraw {
	const { name } = parse(TeamRenameSchema, body);
	return store.transaction(() => {
		const draw = drawOf(store, eventId, drawId, 'teams');
		const team = draw.teams.find((t) => t.id === teamId) ?? error(404, `no team "${teamId}" in this draw`);
		if (draw.superseded) error(409, 'this draw was replaced by a later one: rename the teams of the draw in force');
		if (team.name === name) return draw;
		const renamed: TeamDraw = {
			...draw,
			teams: draw.teams.map((t) => (t.id === teamId ? { ...t, name } : t)),
			renames: [...draw.renames, { teamId, before: team.name, after: name, at: now, by: { tokenId: device.id, label: device.label } }]
		};
		store.stmt('UPDATE entries SET name = ? WHERE event_id = ? AND competition_id = ? AND id = ?').run(name, eventId, draw.competitionId, teamId);
		putDraw(store, renamed);
		return renamed;
	});
}

/**
 * ES-SHIFT: the competition's registered units drawn into its turns (its heats) by lot, each
 * registration's preferred turn honoured while it has room, the rest drawn into turns with room;
 * each becomes the entry of its turn (entry ID = registration ID). A redraw needs a reason and
 * is refused once a turn has started.
 */
export function drawTurns(store: Store, device: Device, eventId: string, body: unknown, now: number): TurnDraw {
	const request = parse(TurnDrawRequestSchema, body);
	return store.transaction(() => {
		const competition = store.getCompetition(eventId, request.competitionId);
		if (!competition) error(400, `competitionId: no competition "${request.competitionId}" in this event`);
		const heats = store.listHeats(eventId, competition.id);
		if (heats.length < 2) error(400, `${competition.name} has ${heats.length} heat(s): the turns by lot need at least two turns (add heats on the event screen)`);
		if (competitionStartedAt(store, eventId, competition.id) !== null) error(409, `${competition.name} has started: its turns can no longer be drawn`);
		const inForce = listDraws(store, eventId).find((d) => d.competitionId === competition.id && d.superseded === null && d.kind === 'turns');
		const reason = request.reason?.trim() || null;
		if (inForce && !reason) error(400, 'the turns were drawn already: a redraw needs a reason (the earlier draw stays in the record)');
		const slots = heats.map((h) => ({ heatId: h.id, name: h.name, capacity: request.capacities[h.id] ?? 0 }));
		const registrations = listRegistrations(store, eventId, { competitionId: competition.id, statuses: ['registered'] });
		if (registrations.length === 0) error(400, `${competition.name} has nobody registered to draw`);
		const input = registrations
			.map((r) => ({ id: r.id, name: r.name, prefers: r.preferredTurn ?? null }))
			.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
		const drawn = drawShifts(
			input.map((r) => (r.prefers ? { id: r.id, prefers: r.prefers } : { id: r.id })),
			Object.fromEntries(slots.map((s) => [s.heatId, s.capacity])),
			request.seed
		);
		const remove = store.stmt('DELETE FROM entries WHERE event_id = ? AND competition_id = ? AND id = ?');
		for (const r of registrations) remove.run(eventId, competition.id, r.id);
		const id = `draw-${randomBytes(4).toString('hex')}`;
		if (inForce) putDraw(store, { ...inForce, superseded: { at: now, by: id } });
		store.insertSetup({
			eventId,
			entries: registrations.filter((r) => drawn.assigned[r.id]).map((r) => entryOf(store, eventId, competition.id, drawn.assigned[r.id]!, { id: r.id, name: r.name, memberIds: r.memberIds }))
		});
		const draw: TurnDraw = {
			id, eventId, competitionId: competition.id, kind: 'turns', seed: request.seed, at: now, by: { tokenId: device.id, label: device.label }, reason, superseded: null,
			slots, input, assigned: drawn.assigned, moved: drawn.moved, unplaced: drawn.unplaced, swaps: []
		};
		putDraw(store, draw);
		return draw;
	});
}

/**
 * ES-SHIFT: two entries swap turns by agreement, and with them their tables and seats, recorded
 * with both names and the time; refused once either turn started.
 */
export function swapTurns(store: Store, device: Device, eventId: string, drawId: string, body: unknown, now: number): TurnDraw {
	const { a, b } = parse(TurnSwapSchema, body);
	return store.transaction(() => {
		const draw = drawOf(store, eventId, drawId, 'turns');
		if (draw.superseded) error(409, 'this draw was replaced by a later one: swap in the draw in force');
		const nameOf = (id: string) => draw.input.find((r) => r.id === id)?.name ?? error(400, `"${id}" was not in this draw`);
		const [aName, bName] = [nameOf(a), nameOf(b)];
		for (const id of [a, b]) {
			const heat = draw.assigned[id] ?? error(400, `${nameOf(id)} has no turn in this draw`);
			if (heatContents(store, eventId, heat).started) error(409, `the turn of ${nameOf(id)} has started: turns can only be swapped before they start`);
		}
		if (draw.assigned[a] === draw.assigned[b]) error(400, `${aName} and ${bName} are in the same turn already`);
		const assigned = swapShifts(draw.assigned, a, b, false);
		// Each takes the other's heat, table and seat (issue 29 #2): keeping its own seat in the other
		// turn would land on a seat held there. Written as a set-up write, so its seat check refuses
		// (409, naming the seat) a result that would still put two entries on one seat.
		const [ea, eb] = [store.getEntry(eventId, a), store.getEntry(eventId, b)].map((e) => (e?.competitionId === draw.competitionId ? e : undefined));
		const takes = (e: Entry | undefined, from: Entry | undefined, heatId: string) => (e ? [{ ...e, heatId, table: from?.table, seat: from?.seat }] : []);
		saveOrganizerSetup(store, eventId, { entries: [...takes(ea, eb, assigned[a]!), ...takes(eb, ea, assigned[b]!)] });
		const swapped: TurnDraw = { ...draw, assigned, swaps: [...draw.swaps, { a, b, aName, bName, at: now, by: { tokenId: device.id, label: device.label } }] };
		putDraw(store, swapped);
		return swapped;
	});
}

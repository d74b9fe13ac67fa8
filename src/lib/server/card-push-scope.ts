import type { ActionType } from '$lib/events/action-types';
import type { JudgeEvent } from '$lib/events/schema';
import type { Device } from '$lib/contract';
import type { JudgeEventRow } from './judge-event-row';
import type { Store } from './store';

/**
 * What a judge token got from a table card may push (issue 29): only what a judge at that table
 * records — the judge's actions on its own heat's entries, the heat's start and time limit, notes
 * of the heat, and corrections of events of its heat. A list of allowed types, not of refused
 * ones: tie-breaks, time adjustments, check-ins, set-ups and anything competition-wide are the
 * organizer's (or the desk's), and a type added later is refused to cards until it is listed here.
 */
export const CARD_ACTIONS: ReadonlySet<ActionType> = new Set<ActionType>([
	'heat.start',
	'heat.time-limit',
	'pause.start',
	'pause.end',
	'assist.start',
	'assist.end',
	'hand.raised',
	'relay.puzzle-finished',
	'check.confirmed',
	'check.rejected',
	'record.acknowledged',
	'tally.recorded',
	'entry.disqualified',
	'entry.did-not-start',
	'incident.noted',
	'relay.teardown-done',
	'relay.pairs-assigned'
]);

export interface CardScope {
	heatId: string;
	competitionId: string;
}

/** What the rule needs to know of the server's data. */
export interface CardScopeFacts {
	/** Whether the entry is seated in the card's heat on the server. */
	inHeat(entryId: string): boolean;
	/** The heat of an earlier event (stored, or let through earlier in the push); undefined when unknown. */
	heatOf(eventId: string): { heatId: string | null; competitionId: string } | undefined;
}

export const SETUP_REFUSED_TO_CARDS = 'a tablet paired by a table card records at its table only: set-ups are the organizer’s';

/** Why a card's token may not push this event; null when it may. Pure (the store is behind `facts`). */
export function cardEventRefusal(scope: CardScope, event: JudgeEvent, facts: CardScopeFacts): string | null {
	const card = `this tablet was paired by a table card of heat "${scope.heatId}"`;
	if (event.competitionId !== scope.competitionId || event.heatId !== scope.heatId)
		return `${card}: it may not push events of ${event.heatId === null ? `competition "${event.competitionId}"` : `heat "${event.heatId}"`}`;
	if (event.type === 'correction') {
		const superseded = facts.heatOf(event.payload.supersedes);
		if (!superseded) return `${card}: it corrects only events of its heat, and "${event.payload.supersedes}" is not one the server knows`;
		if (superseded.heatId !== scope.heatId || superseded.competitionId !== scope.competitionId)
			return `${card}: it may not correct an event of ${superseded.heatId === null ? `competition "${superseded.competitionId}"` : `heat "${superseded.heatId}"`}`;
		const replacement = event.payload.replacement?.type;
		if (replacement !== undefined && !CARD_ACTIONS.has(replacement)) return `${card}: a ${replacement} event is the organizer’s to record`;
	} else if (!CARD_ACTIONS.has(event.type)) return `${card}: a ${event.type} event is the organizer’s to record`;
	const named = [...(event.entryId === null ? [] : [event.entryId]), ...heatEntries(event)];
	const outside = named.find((id) => !facts.inHeat(id));
	return outside === undefined ? null : `${card}: entry "${outside}" is not seated in its heat`;
}

/** The entries a heat-wide event lists (its start, its time limit). */
function heatEntries(event: JudgeEvent): readonly string[] {
	return event.type === 'heat.start' || event.type === 'heat.time-limit' ? event.payload.entryIds : [];
}

/** The heat a token got from a card may push (null: not a card's token, no scope). */
export function heatScopeOf(store: Store, device: Device): CardScope | null {
	const row = store.stmt('SELECT k.heat_id, c.competition_id FROM card_tokens k JOIN table_cards c ON c.id = k.card_id WHERE k.token_id = ?').get(device.id) as
		| { heat_id: string; competition_id: string }
		| undefined;
	return row ? { heatId: row.heat_id, competitionId: row.competition_id } : null;
}

/** The push check of a card's token, inside the push's transaction; null when the token is not a card's. */
export function cardGate(store: Store, device: Device): ((row: JudgeEventRow) => string | null) | null {
	const scope = heatScopeOf(store, device);
	if (!scope) return null;
	const seated = new Set(
		store.db.prepare('SELECT id FROM entries WHERE event_id = ? AND heat_id = ? AND competition_id = ?').pluck().all(device.eventId, scope.heatId, scope.competitionId) as string[]
	);
	const stored = store.db.prepare('SELECT heat_id AS heatId, competition_id AS competitionId FROM judge_events WHERE id = ? AND event_id = ?');
	const inPush = new Map<string, { heatId: string | null; competitionId: string }>();
	const facts: CardScopeFacts = {
		inHeat: (id) => seated.has(id),
		heatOf: (id) => inPush.get(id) ?? (stored.get(id, device.eventId) as { heatId: string | null; competitionId: string } | undefined)
	};
	return (row) => {
		const refusal = cardEventRefusal(scope, JSON.parse(row.json) as JudgeEvent, facts);
		if (refusal === null) inPush.set(row.id, { heatId: row.heatId, competitionId: row.competitionId });
		return refusal;
	};
}

/**
 * Every action a judge or organizer records (the event types besides `correction`), and whether
 * an event of that type names an entry or applies to the heat. Plain data, without the schemas
 * (schema.ts), so that scoring reads it without loading zod.
 */
const NAMES_ENTRY = {
	'heat.start': false,
	'heat.time-limit': false,
	'pause.start': true,
	'pause.end': true,
	'assist.start': true,
	'assist.end': true,
	'hand.raised': true,
	'relay.puzzle-finished': true,
	'check.confirmed': true,
	'check.rejected': true,
	'record.acknowledged': true,
	'tally.recorded': true,
	'entry.disqualified': true,
	'entry.did-not-start': true,
	'incident.noted': false,
	'time.adjusted': true,
	'tiebreak.result': false,
	'relay.pairs-assigned': true,
	'relay.teardown-done': true,
	'entry.checked-in': true,
	'box-fault.decided': true
} as const;

export type ActionType = keyof typeof NAMES_ENTRY;
export const ACTION_TYPES = Object.keys(NAMES_ENTRY) as ActionType[];

/** Whether an event of this type must name an entry (else it must not). */
export function namesEntry(type: ActionType): boolean {
	return NAMES_ENTRY[type];
}

/** Which of its entry and heat an action event gets wrong, by JudgeEventSchema's rule (none: an empty list). */
export type MisplacedField = 'entry-missing' | 'entry-not-allowed' | 'heat-missing';

/**
 * An action event names an entry when its type does, and only then (a note may name one or not);
 * it names its heat, except a note, a tie-break result or a check-in. One rule for zod's schema
 * and the server's fast check (server/judge-event-json.ts).
 */
export function misplacedFields(type: ActionType, entryId: unknown, heatId: unknown): MisplacedField[] {
	const wrong: MisplacedField[] = [];
	const wantsEntry = namesEntry(type);
	if (wantsEntry && entryId === null) wrong.push('entry-missing');
	if (!wantsEntry && entryId !== null && type !== 'incident.noted') wrong.push('entry-not-allowed');
	if (type !== 'incident.noted' && type !== 'tiebreak.result' && type !== 'entry.checked-in' && heatId === null) wrong.push('heat-missing');
	return wrong;
}

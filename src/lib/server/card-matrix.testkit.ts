import type { ActionType } from '$lib/events/action-types';

/** Where a table card's tablet records an event: at its own heat, at another heat of its competition, or competition-wide (no heat). */
export type Where = 'own heat' | 'other heat' | 'competition-wide';
export const WHERE: readonly Where[] = ['own heat', 'other heat', 'competition-wide'];

export type Cell = 'stored' | 'refused';

// prettier-ignore
/** What a table card's token may record: every event type × where it is recorded (issue 29: an allow-list). */
export const CARD_MATRIX: Record<ActionType | 'correction', [own: Cell, other: Cell, wide: Cell]> = {
	//                          own heat   other heat  competition-wide
	'heat.start':             ['stored',  'refused',  'refused'],
	'heat.time-limit':        ['stored',  'refused',  'refused'],
	'pause.start':            ['stored',  'refused',  'refused'],
	'pause.end':              ['stored',  'refused',  'refused'],
	'assist.start':           ['stored',  'refused',  'refused'],
	'assist.end':             ['stored',  'refused',  'refused'],
	'hand.raised':            ['stored',  'refused',  'refused'],
	'relay.puzzle-finished':  ['stored',  'refused',  'refused'],
	'check.confirmed':        ['stored',  'refused',  'refused'],
	'check.rejected':         ['stored',  'refused',  'refused'],
	'record.acknowledged':    ['stored',  'refused',  'refused'],
	'tally.recorded':         ['stored',  'refused',  'refused'],
	'entry.disqualified':     ['stored',  'refused',  'refused'],
	'entry.did-not-start':    ['stored',  'refused',  'refused'],
	'incident.noted':         ['stored',  'refused',  'refused'],
	'time.adjusted':          ['refused', 'refused',  'refused'],
	'tiebreak.result':        ['refused', 'refused',  'refused'],
	'relay.pairs-assigned':   ['stored',  'refused',  'refused'],
	'relay.teardown-done':    ['stored',  'refused',  'refused'],
	'entry.checked-in':       ['refused', 'refused',  'refused'],
	'box-fault.decided':      ['refused', 'refused',  'refused'],
	// A correction of an event recorded (by the organizer) at that place.
	'correction':             ['stored',  'refused',  'refused']
};


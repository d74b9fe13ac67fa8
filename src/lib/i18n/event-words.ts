import { m, type Locale } from '$lib/i18n';
import type { JudgeEvent } from '$lib/events/schema';

/** An event type in words, in the current language (the trail shows no raw type names). */
type Words = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;
const WORDS: Record<JudgeEvent['type'], Words> = {
	'heat.start': m.org_evt_heat_start,
	'heat.time-limit': m.org_evt_heat_time_limit,
	'pause.start': m.org_evt_pause_start,
	'pause.end': m.org_evt_pause_end,
	'assist.start': m.org_evt_assist_start,
	'assist.end': m.org_evt_assist_end,
	'hand.raised': m.org_evt_hand_raised,
	'relay.puzzle-finished': m.org_evt_relay_puzzle_finished,
	'check.confirmed': m.org_evt_check_confirmed,
	'check.rejected': m.org_evt_check_rejected,
	'record.acknowledged': m.org_evt_record_acknowledged,
	'tally.recorded': m.org_evt_tally_recorded,
	'entry.disqualified': m.org_evt_entry_disqualified,
	'entry.did-not-start': m.org_evt_entry_did_not_start,
	'incident.noted': m.org_evt_incident_noted,
	'time.adjusted': m.org_evt_time_adjusted,
	'tiebreak.result': m.org_evt_tiebreak_result,
	'relay.pairs-assigned': m.org_evt_relay_pairs_assigned,
	'relay.teardown-done': m.org_evt_relay_teardown_done,
	'entry.checked-in': m.org_evt_entry_checked_in,
	'box-fault.decided': m.box_evt_decided,
	correction: m.org_evt_correction
};

/** `locale` defaults to the current one. */
export function eventTypeWords(type: JudgeEvent['type'], options: { locale?: Locale } = {}): string {
	return WORDS[type]({}, { locale: options.locale });
}

/** The payload of an action in a few words; corrections are shown by the trail itself. */
export function actionDetails(e: { type: JudgeEvent['type']; payload: unknown }, options: { locale?: Locale } = {}): string {
	const opt = { locale: options.locale };
	const p = e.payload as Record<string, unknown>;
	switch (e.type) {
		case 'heat.start':
		case 'heat.time-limit':
			return m.org_audit_entries({ count: (p.entryIds as string[]).length }, opt);
		case 'check.confirmed': {
			const missing = m.org_audit_missing_pieces({ count: p.missingPieces as number }, opt);
			const fromBox = (p.missingFromBox as number | undefined) ?? 0;
			return fromBox > 0 ? `${missing}, ${m.box_audit_from_box({ count: fromBox }, opt)}` : missing;
		}
		case 'box-fault.decided':
			return p.confirmed ? m.box_audit_confirmed({}, opt) : m.box_audit_refused({}, opt);
		case 'check.rejected':
		case 'entry.disqualified':
		case 'entry.did-not-start':
			return typeof p.reason === 'string' ? p.reason : '';
		case 'incident.noted':
			return p.note as string;
		case 'time.adjusted':
			return m.org_audit_adjusted({ delta: `${(p.deltaMs as number) > 0 ? '+' : ''}${p.deltaMs as number}`, reason: p.reason as string }, opt);
		case 'tally.recorded':
			return m.org_audit_groups({ groups: (p.groups as number[]).join(', ') }, opt);
		case 'relay.puzzle-finished':
		case 'relay.teardown-done':
			return String(p.puzzleId);
		default:
			return '';
	}
}

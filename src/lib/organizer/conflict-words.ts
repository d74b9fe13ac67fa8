import { m, decimalSeparator, formatTime, locale as currentLocale, type Locale } from '$lib/i18n';
import type { EventOf, JudgeEvent } from '$lib/events/schema';
import { compareEvents } from '$lib/events/order';
import type { Ruleset } from '$lib/rules/schema';
import { puzzlesOf } from '$lib/rules/ruleset-reading';
import type { Competition, Entry } from '$lib/setup/schema';
import { applyCorrections, countedPieces, type Conflict, type EffectiveEvent } from '$lib/scoring';
import { describeConflict } from '$lib/results/conflict';
import { entryClock } from '$lib/results/entry-clock';
import { formatResultTime } from '$lib/results/result-time';
import { actionDetails, eventTypeWords } from './event-words';
import type { ResolutionOption } from './resolution';

/**
 * A scoring conflict in the judges' language, for the organizer's screen: each side as the
 * tablet that recorded it ("Table A: finished 8:31.103, check confirmed, agreed by the
 * competitor"), and each way to resolve it ("Keep Table A's finish (8:31.103), void Table B's
 * finish (8:44.966)"). Times are the entry's clock as the ruleset counts it (entry-clock.ts),
 * starts the tablet's time of day; tablets go by their names (tablet-names.ts). No event or
 * device ID is said: the panel keeps those for a folded "technical details" part.
 */

export interface ConflictContext {
	setup: { competition: Competition; ruleset: Ruleset; entries: readonly Entry[] };
	/** Every event this device holds, by ID. */
	events: ReadonlyMap<string, JudgeEvent>;
	/** The events of an entry and of its heat (eventScopes below). */
	scopeOf: (entry: Pick<Entry, 'id' | 'heatId' | 'competitionId'>) => readonly JudgeEvent[];
	/** A log device's name (tablet-names.ts). */
	tabletName: (deviceId: string) => string;
	/** Defaults to the current locale. */
	locale?: Locale;
	/** For the tablets' times of day; defaults to the device's. */
	timeZone?: string;
}

/** One event of the conflict, said as its tablet would say it. */
export interface ConflictSide {
	eventId: string;
	/** The tablet's name. */
	tablet: string;
	/** What it recorded, with what followed on that tablet: "finished 8:31.103, check confirmed". */
	says: string;
	judge: string | null;
	/** The tablet's time of day of the tap ("10:31:03.103"). */
	clock: string | null;
	/** False when this device does not hold the event. */
	known: boolean;
}

export interface ConflictWords {
	/** What the conflict is (describeConflict, with the entry's name). */
	headline: string;
	sides: ConflictSide[];
	/** The label of each resolution option, in the options' order. */
	options: string[];
}

/** Indexes a log by scope, for `ConflictContext.scopeOf`: an entry's events and its heat's. */
export function eventScopes(log: Iterable<JudgeEvent>): ConflictContext['scopeOf'] {
	const byScope = new Map<string, JudgeEvent[]>();
	const push = (key: string, e: JudgeEvent) => {
		const list = byScope.get(key);
		if (list) list.push(e);
		else byScope.set(key, [e]);
	};
	for (const e of log) {
		if (e.entryId !== null) push(`${e.competitionId}\u0000e\u0000${e.entryId}`, e);
		else if (e.heatId !== null) push(`${e.competitionId}\u0000h\u0000${e.heatId}`, e);
	}
	return (entry) => [...(byScope.get(`${entry.competitionId}\u0000e\u0000${entry.id}`) ?? []), ...(byScope.get(`${entry.competitionId}\u0000h\u0000${entry.heatId}`) ?? [])];
}

const isClaim = (e: { type: JudgeEvent['type'] }): boolean => e.type === 'hand.raised' || e.type === 'relay.puzzle-finished';

export function conflictWords(conflict: Conflict, options: readonly ResolutionOption[], ctx: ConflictContext): ConflictWords {
	const opt = { locale: ctx.locale };
	const { ruleset } = ctx.setup;
	const entry = conflict.entryId === null ? undefined : ctx.setup.entries.find((e) => e.id === conflict.entryId);
	const scope = entry ? ctx.scopeOf(entry) : [];
	// Each tablet's clock of the entry: from its own start when it recorded one (the time it showed).
	const clocks = new Map<string, (at: number) => number | null>();
	const clockOf = (deviceId: string) => {
		let clock = clocks.get(deviceId);
		if (!clock) clocks.set(deviceId, (clock = entry ? entryClock({ competition: ctx.setup.competition, ruleset, entry }, scope, { startsOf: deviceId }) : () => null));
		return clock;
	};
	// What stands in the entry's log: the checks and acknowledgements that follow a finish.
	const effective: EffectiveEvent[] = entry ? applyCorrections(scope.filter((e) => e.entryId === entry.id)).effective : [];
	const puzzles = puzzlesOf(ruleset);

	const dayTime = (at: number) =>
		formatTime(at, { locale: ctx.locale, timeZone: ctx.timeZone, hour12: false }) +
		(ruleset.timeResolution === 'ms' ? decimalSeparator(ctx.locale) + String(at % 1000).padStart(3, '0') : '');
	/** The entry's clock on tablet `deviceId` at `at`, else the tablet's time of day. */
	const time = (deviceId: string, at: number) => {
		const reading = clockOf(deviceId)(at);
		return reading === null ? m.org_cf_tablet_time({ time: dayTime(at) }, opt) : formatResultTime(reading, ruleset.timeResolution, opt);
	};
	const list = (items: string[]) => new Intl.ListFormat(ctx.locale ?? currentLocale.current, { type: 'conjunction' }).format(items);

	const checkOf = (claimId: string) => {
		let last: EffectiveEvent | undefined;
		for (const e of effective) if ((e.type === 'check.confirmed' || e.type === 'check.rejected') && e.payload.ref === claimId && (!last || compareEvents(last, e) < 0)) last = e;
		return last as EventOf<'check.confirmed'> | EventOf<'check.rejected'> | undefined;
	};
	const verdict = (check: EventOf<'check.confirmed'> | EventOf<'check.rejected'>) =>
		check.type === 'check.rejected'
			? m.org_cf_check_rejected({}, opt)
			: check.payload.missingPieces > 0
				? m.org_cf_check_missing({ count: check.payload.missingPieces }, opt)
				: m.org_cf_check_ok({}, opt);
	/** The same, after the word "check": "confirmed, 2 pieces missing". */
	const shortVerdict = (check: EventOf<'check.confirmed'> | EventOf<'check.rejected'>) =>
		check.type === 'check.rejected'
			? m.org_cf_verdict_rejected({}, opt)
			: check.payload.missingPieces > 0
				? m.org_cf_verdict_missing({ count: check.payload.missingPieces }, opt)
				: m.org_cf_verdict_ok({}, opt);
	/** Whether the claim's tablet recorded the competitor's agreement after it (before another finish of its own). */
	const agreed = (claim: JudgeEvent) => {
		for (const e of effective) {
			if (e.deviceId !== claim.deviceId || compareEvents(e, claim) <= 0) continue;
			if (isClaim(e)) return false;
			if (e.type === 'record.acknowledged') return true;
		}
		return false;
	};
	const finished = (e: JudgeEvent) => {
		if (e.type === 'relay.puzzle-finished') {
			const id = e.payload.puzzleId;
			const i = puzzles.findIndex((p) => p.id === id);
			return m.org_cf_puzzle_finished({ puzzle: i < 0 ? id : i + 1, time: time(e.deviceId, e.at) }, opt);
		}
		return m.org_cf_finished({ time: time(e.deviceId, e.at) }, opt);
	};
	/** A claim with its check and the competitor's agreement. */
	const claimWords = (claim: JudgeEvent) => {
		const check = checkOf(claim.id);
		const parts = [finished(claim), check ? verdict(check) : m.org_cf_not_checked({}, opt)];
		if (agreed(claim)) parts.push(m.org_cf_agreed({}, opt));
		return parts.join(', ');
	};
	/** The claim an acknowledgement agrees to: its tablet's last finish before it. */
	const acknowledged = (ack: JudgeEvent) => {
		let claim: EffectiveEvent | undefined;
		for (const e of effective) if (isClaim(e) && e.deviceId === ack.deviceId && compareEvents(e, ack) < 0) claim = e;
		return claim;
	};

	/** What one event (or a correction's replacement) says, without its tablet. */
	function says(e: JudgeEvent, followUps: boolean): string {
		switch (e.type) {
			case 'hand.raised':
			case 'relay.puzzle-finished':
				return followUps ? claimWords(e) : finished(e);
			case 'record.acknowledged': {
				const claim = followUps ? acknowledged(e) : undefined;
				return claim ? claimWords(claim) : m.org_cf_acknowledged({}, opt);
			}
			case 'check.confirmed':
			case 'check.rejected': {
				const ref = ctx.events.get(e.payload.ref);
				const of = ref ? time(ref.deviceId, ref.at) : '–';
				const reason = e.type === 'check.rejected' ? e.payload.reason : undefined;
				return reason ? m.org_cf_check_of_reason({ verdict: verdict(e), time: of, reason }, opt) : m.org_cf_check_of({ verdict: verdict(e), time: of }, opt);
			}
			case 'heat.start': {
				const p = e.payload;
				const text = m.org_cf_started({ count: p.entryIds.length, time: dayTime(e.at) }, opt);
				return p.previewMs > 0 ? `${text}, ${m.org_cf_preview({ time: formatResultTime(p.previewMs, ruleset.timeResolution, opt) }, opt)}` : text;
			}
			case 'tally.recorded': {
				const groups = e.payload.groups;
				return m.org_cf_tally({ count: countedPieces(groups, ruleset.unfinished.minGroupSize), groups: groups.join(', ') }, opt);
			}
			case 'correction': {
				const p = e.payload;
				const target = ctx.events.get(p.supersedes);
				const event = target ? phrase(target) : m.org_cf_unknown_event({}, opt);
				if (!p.replacement) return m.org_cf_voided({ event, reason: p.reason }, opt);
				const replacement = target ? says({ ...target, ...p.replacement } as JudgeEvent, false) : eventTypeWords(p.replacement.type, opt);
				return m.org_cf_replaced({ event, replacement, reason: p.reason }, opt);
			}
			default: {
				const details = actionDetails(e, opt);
				const text = m.org_cf_event_at({ event: eventTypeWords(e.type, opt), time: time(e.deviceId, e.at) }, opt);
				return details ? `${text}: ${details}` : text;
			}
		}
	}

	/** An event as a noun: "Table A's finish (8:31.103)". */
	function phrase(e: JudgeEvent): string {
		const tablet = ctx.tabletName(e.deviceId);
		switch (e.type) {
			case 'hand.raised':
			case 'relay.puzzle-finished':
				return m.org_cf_np_finish({ tablet, time: time(e.deviceId, e.at) }, opt);
			case 'heat.start':
				return m.org_cf_np_start({ tablet, time: dayTime(e.at) }, opt);
			case 'check.confirmed':
			case 'check.rejected':
				return m.org_cf_np_check({ tablet, verdict: shortVerdict(e) }, opt);
			case 'tally.recorded':
				return m.org_cf_np_tally({ tablet, count: countedPieces(e.payload.groups, ruleset.unfinished.minGroupSize) }, opt);
			case 'record.acknowledged':
				return m.org_cf_np_ack({ tablet }, opt);
			case 'correction':
				return m.org_cf_np_correction({ tablet, reason: e.payload.reason }, opt);
			default:
				return m.org_cf_np_event({ tablet, event: eventTypeWords(e.type, opt), time: time(e.deviceId, e.at) }, opt);
		}
	}

	const late = conflict.kind === 'after-lock' ? conflict.eventIds[1] : undefined;
	const sides: ConflictSide[] = conflict.eventIds.map((id) => {
		const e = ctx.events.get(id);
		if (!e) return { eventId: id, tablet: m.org_tablet_unknown({}, opt), says: m.org_event_not_here({}, opt), judge: null, clock: null, known: false };
		const text = says(e, true);
		return {
			eventId: id,
			tablet: ctx.tabletName(e.deviceId),
			says: id === late ? `${text} — ${m.org_cf_after_lock({}, opt)}` : text,
			judge: e.judge,
			clock: dayTime(e.at),
			known: true
		};
	});

	const phraseOf = (id: string) => {
		const e = ctx.events.get(id);
		return e ? phrase(e) : m.org_cf_unknown_event({}, opt);
	};
	const optionLabels = options.map((o) => {
		switch (o.kind) {
			case 'keep': {
				const values = { kept: phraseOf(o.keep), voided: list(o.voids.map(phraseOf)) };
				return conflict.kind === 'double-correction' ? m.org_cf_keep_correction(values, opt) : m.org_cf_keep(values, opt);
			}
			case 'void':
				return conflict.kind === 'after-lock' ? m.org_cf_leave_out({ event: list(o.voids.map(phraseOf)) }, opt) : m.org_cf_void({ events: list(o.voids.map(phraseOf)) }, opt);
			case 'apply':
				return m.org_cf_apply({ event: phraseOf(o.applies) }, opt);
		}
	});

	const names = new Map(ctx.setup.entries.map((e) => [e.id, e.name]));
	return { headline: describeConflict(conflict, (id) => names.get(id), opt), sides, options: optionLabels };
}

import { m } from '$lib/i18n';
import { actionDetails, eventTypeWords } from '$lib/i18n/event-words';
import type { EventOf, JudgeEvent } from '$lib/events/schema';
import { formatResultTime } from '$lib/results/result-time';
import { puzzlesOf } from '$lib/rules/ruleset-reading';
import { countedPieces } from '$lib/scoring';
import type { CheckEvent, ClaimFollowUps } from './claim-follow-ups';
import type { ConflictContext, WordsOptions } from './conflict-context';
import type { ConflictTimes } from './conflict-times';
import type { EventPhrases } from './event-phrases';
import { verdictWords } from './verdict-words';

/**
 * What one event of a conflict says, without its tablet ("finished 8:31.103, check confirmed,
 * agreed by the competitor"): a side of the conflict, or a correction's replacement.
 */
export class EventSayings {
	private readonly puzzles;

	constructor(
		private readonly ctx: Pick<ConflictContext, 'setup' | 'events' | 'locale'>,
		private readonly times: ConflictTimes,
		private readonly phrases: EventPhrases,
		private readonly followUps: ClaimFollowUps
	) {
		this.puzzles = puzzlesOf(ctx.setup.ruleset);
	}

	private get opt(): WordsOptions {
		return { locale: this.ctx.locale };
	}

	/** With `withFollowUps`, a finish (or the agreement to one) is said with its check and the competitor's agreement. */
	says(e: JudgeEvent, withFollowUps: boolean): string {
		const { opt, times } = this;
		const { ruleset } = this.ctx.setup;
		switch (e.type) {
			case 'hand.raised':
			case 'relay.puzzle-finished':
				return withFollowUps ? this.claimWords(e) : this.finished(e);
			case 'record.acknowledged': {
				const claim = withFollowUps ? this.followUps.acknowledged(e) : undefined;
				return claim ? this.claimWords(claim) : m.org_cf_acknowledged({}, opt);
			}
			case 'check.confirmed':
			case 'check.rejected':
				return this.checkSays(e);
			case 'heat.start': {
				const p = e.payload;
				const text = m.org_cf_started({ count: p.entryIds.length, time: times.dayTime(e.at) }, opt);
				return p.previewMs > 0 ? `${text}, ${m.org_cf_preview({ time: formatResultTime(p.previewMs, ruleset.timeResolution, opt) }, opt)}` : text;
			}
			case 'tally.recorded': {
				const groups = e.payload.groups;
				return m.org_cf_tally({ count: countedPieces(groups, ruleset.unfinished.minGroupSize), groups: groups.join(', ') }, opt);
			}
			case 'correction':
				return this.correctionSays(e);
			default: {
				const details = actionDetails(e, opt);
				const text = m.org_cf_event_at({ event: eventTypeWords(e.type, opt), time: times.time(e.deviceId, e.at) }, opt);
				return details ? `${text}: ${details}` : text;
			}
		}
	}

	/** "finished 8:31.103", or which puzzle of a relay. */
	private finished(e: JudgeEvent): string {
		const time = this.times.time(e.deviceId, e.at);
		if (e.type === 'relay.puzzle-finished') {
			const id = e.payload.puzzleId;
			const i = this.puzzles.findIndex((p) => p.id === id);
			return m.org_cf_puzzle_finished({ puzzle: i < 0 ? id : i + 1, time }, this.opt);
		}
		return m.org_cf_finished({ time }, this.opt);
	}

	/** A claim with its check and the competitor's agreement. */
	private claimWords(claim: JudgeEvent): string {
		const check = this.followUps.checkOf(claim.id);
		const parts = [this.finished(claim), check ? verdictWords(check, this.opt) : m.org_cf_not_checked({}, this.opt)];
		if (this.followUps.agreed(claim)) parts.push(m.org_cf_agreed({}, this.opt));
		return parts.join(', ');
	}

	/** A check, with the finish it is of (and why, when rejected). */
	private checkSays(e: CheckEvent): string {
		const ref = this.ctx.events.get(e.payload.ref);
		const of = ref ? this.times.time(ref.deviceId, ref.at) : '–';
		const reason = e.type === 'check.rejected' ? e.payload.reason : undefined;
		const verdict = verdictWords(e, this.opt);
		return reason ? m.org_cf_check_of_reason({ verdict, time: of, reason }, this.opt) : m.org_cf_check_of({ verdict, time: of }, this.opt);
	}

	/** What a correction voids or replaces, and why. */
	private correctionSays(e: EventOf<'correction'>): string {
		const p = e.payload;
		const target = this.ctx.events.get(p.supersedes);
		const event = target ? this.phrases.phrase(target) : m.org_cf_unknown_event({}, this.opt);
		if (!p.replacement) return m.org_cf_voided({ event, reason: p.reason }, this.opt);
		const replacement = target ? this.says({ ...target, ...p.replacement } as JudgeEvent, false) : eventTypeWords(p.replacement.type, this.opt);
		return m.org_cf_replaced({ event, replacement, reason: p.reason }, this.opt);
	}
}

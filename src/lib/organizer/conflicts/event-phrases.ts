import { m } from '$lib/i18n';
import { eventTypeWords } from '$lib/i18n/event-words';
import type { JudgeEvent } from '$lib/events/schema';
import { countedPieces } from '$lib/scoring';
import type { ConflictContext } from './conflict-context';
import type { ConflictTimes } from './conflict-times';
import { shortVerdictWords } from './verdict-words';

/** An event of a conflict as a noun, with its tablet: "Table A's finish (8:31.103)", for the ways to resolve it. */
export class EventPhrases {
	constructor(
		private readonly ctx: Pick<ConflictContext, 'setup' | 'events' | 'tabletName' | 'locale'>,
		private readonly times: ConflictTimes
	) {}

	/** The event this device holds under `id`, else "an event not on this device". */
	phraseOf(id: string): string {
		const e = this.ctx.events.get(id);
		return e ? this.phrase(e) : m.org_cf_unknown_event({}, { locale: this.ctx.locale });
	}

	phrase(e: JudgeEvent): string {
		const opt = { locale: this.ctx.locale };
		const { minGroupSize } = this.ctx.setup.ruleset.unfinished;
		const tablet = this.ctx.tabletName(e.deviceId);
		switch (e.type) {
			case 'hand.raised':
			case 'relay.puzzle-finished':
				return m.org_cf_np_finish({ tablet, time: this.times.time(e.deviceId, e.at) }, opt);
			case 'heat.start':
				return m.org_cf_np_start({ tablet, time: this.times.dayTime(e.at) }, opt);
			case 'check.confirmed':
			case 'check.rejected':
				return m.org_cf_np_check({ tablet, verdict: shortVerdictWords(e, opt) }, opt);
			case 'tally.recorded':
				return m.org_cf_np_tally({ tablet, count: countedPieces(e.payload.groups, minGroupSize) }, opt);
			case 'record.acknowledged':
				return m.org_cf_np_ack({ tablet }, opt);
			case 'correction':
				return m.org_cf_np_correction({ tablet, reason: e.payload.reason }, opt);
			default:
				return m.org_cf_np_event({ tablet, event: eventTypeWords(e.type, opt), time: this.times.time(e.deviceId, e.at) }, opt);
		}
	}
}

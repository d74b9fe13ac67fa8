import { m } from '$lib/i18n';
import type { Conflict } from '$lib/scoring';
import type { ConflictContext } from './conflict-context';
import type { ConflictTimes } from './conflict-times';
import type { EventSayings } from './event-sayings';

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

/** Each event the conflict names, in its order; the late one of an after-lock conflict says it came late. */
export function conflictSides(conflict: Conflict, ctx: Pick<ConflictContext, 'events' | 'tabletName' | 'locale'>, sayings: EventSayings, times: ConflictTimes): ConflictSide[] {
	const opt = { locale: ctx.locale };
	const late = conflict.kind === 'after-lock' ? conflict.eventIds[1] : undefined;
	return conflict.eventIds.map((id) => {
		const e = ctx.events.get(id);
		if (!e) return { eventId: id, tablet: m.org_tablet_unknown({}, opt), says: m.org_event_not_here({}, opt), judge: null, clock: null, known: false };
		const text = sayings.says(e, true);
		return {
			eventId: id,
			tablet: ctx.tabletName(e.deviceId),
			says: id === late ? `${text} — ${m.org_cf_after_lock({}, opt)}` : text,
			judge: e.judge,
			clock: times.dayTime(e.at),
			known: true
		};
	});
}

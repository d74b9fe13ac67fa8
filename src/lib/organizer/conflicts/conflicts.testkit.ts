import { DeviceLog } from '$lib/events/builder';
import type { JudgeEvent } from '$lib/events/schema';
import type { Locale } from '$lib/i18n';
import { competition } from '$lib/scoring/testkit';
import { eventScopes } from '../conflict-words';
import { ClaimFollowUps } from './claim-follow-ups';
import type { ConflictContext } from './conflict-context';
import { ConflictTimes } from './conflict-times';
import { EventPhrases } from './event-phrases';
import { EventSayings } from './event-sayings';

/** Tests of a conflict's words, step by step: two named tablets on one heat, and the steps built as conflictWords builds them. */
export const TABLETS = new Map([
	['tab-a', 'Table A'],
	['tab-b', 'Table B'],
	['org-desk', 'Desk']
]);

export function tabletLog(deviceId: string, judge = 'Eva'): DeviceLog {
	return new DeviceLog({ deviceId, judge, competitionId: 'comp', heatId: 'heat-1' });
}

export function contextOf(setup: ReturnType<typeof competition>, log: readonly JudgeEvent[], locale: Locale = 'en'): ConflictContext {
	return { setup, events: new Map(log.map((e) => [e.id, e])), scopeOf: eventScopes(log), tabletName: (d) => TABLETS.get(d) ?? d, locale, timeZone: 'UTC' };
}

/** The steps of conflictWords for the entry `entryId` (none: a conflict of no entry). */
export function stepsOf(ctx: ConflictContext, entryId?: string) {
	const entry = ctx.setup.entries.find((e) => e.id === entryId);
	const scope = entry ? ctx.scopeOf(entry) : [];
	const times = new ConflictTimes(ctx, entry, scope);
	const phrases = new EventPhrases(ctx, times);
	const sayings = new EventSayings(ctx, times, phrases, ClaimFollowUps.ofEntry(entry, scope));
	return { times, phrases, sayings };
}

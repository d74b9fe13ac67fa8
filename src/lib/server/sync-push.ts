import { JudgeEventSchema, type JudgeEvent } from '$lib/events/schema';
import { PushRequestSchema, type PushResponse } from '$lib/sync/protocol';
import { describeIssues, toIssues } from '$lib/validation';
import type { Store } from './store';
import type { Device } from './tokens';

/**
 * Stores what a device pushed, event by event: an event that is not valid, or that belongs to
 * a competition outside the device's event, is refused with its reason; the valid rest is
 * stored idempotently (Store.appendJudgeEvents). Throws only when the body is not a push.
 */
export function pushEvents(store: Store, device: Device, body: unknown): PushResponse {
	const request = PushRequestSchema.safeParse(body);
	if (!request.success) throw new PushFormatError(describeIssues(toIssues(request.error)));
	const refused: PushResponse['refused'] = [];
	const valid: JudgeEvent[] = [];
	const inEvent = new Map<string, boolean>();
	request.data.events.forEach((raw, index) => {
		const rawId = typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'string' ? ((raw as { id: string }).id.slice(0, 200)) : null;
		const parsed = JudgeEventSchema.safeParse(raw);
		if (!parsed.success) {
			refused.push({ index, id: rawId, reason: describeIssues(toIssues(parsed.error)) });
			return;
		}
		const e = parsed.data as JudgeEvent;
		let ok = inEvent.get(e.competitionId);
		if (ok === undefined) inEvent.set(e.competitionId, (ok = store.getCompetition(e.competitionId)?.eventId === device.eventId));
		if (!ok) {
			refused.push({ index, id: e.id, reason: `competition "${e.competitionId}" is not part of this event` });
			return;
		}
		valid.push(e);
	});
	const result = store.appendJudgeEvents(valid);
	return { ...result, refused };
}

/** The body is not `{ events: [...] }` (answered 400). */
export class PushFormatError extends Error {}

import { m } from '$lib/i18n';
import type { CheckIn } from './check-ins';

/**
 * What the desk recorded at a check-in besides the time, as the desk and the organizer's
 * register show it (issue 30 #10): the companions (ES-COMPANION) and the accompanying adult
 * typed at the door (CZ-GEN-AGE). The payment is the registration's (desk-payments on the server).
 */
export function checkInDetails(payload: CheckIn['payload']): string[] {
	const details: string[] = [];
	if (payload.companions !== undefined) details.push(m.desk_detail_companions({ count: payload.companions }));
	if (payload.accompaniedBy) details.push(m.desk_detail_adult({ name: payload.accompaniedBy }));
	return details;
}

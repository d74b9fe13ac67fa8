import type { Registration } from '$lib/registration/schema';
import type { Device } from '$lib/contract';
import { checkInsOfEntries } from './desk-check-ins';
import type { JudgeEventRow } from './judge-event-row';
import { getRegistration, putRegistration, recordChange } from './register-store';
import type { Store } from './store';

/**
 * A fee paid at the desk (ES-FEE: "paid now" at check-in) is the registration's payment, the
 * one record every reader reads (issue 30 #1): when a check-in that says so reaches the server,
 * the registration is paid its fee at the check-in's time, naming the check-in, recorded like an
 * organizer's payment (who: the desk's token and label). The desk stays offline-first: it keeps
 * its check-in in its own log and shows it until the next sync; this runs in the push's
 * transaction. A payment already recorded (by the organizer, or another desk) is never taken
 * twice. When the check-in that paid is no longer in force (the desk's undo, or a replacement
 * that says not paid), its payment is taken back; a payment the organizer recorded stays.
 */
export function takeDeskPayments(store: Store, device: Device, rows: readonly JudgeEventRow[], stored: ReadonlySet<string>, now: number): void {
	const fresh = rows.filter((r) => r.entryId !== null && stored.has(r.id));
	if (fresh.length === 0) return;
	const registrations = new Map<string, Registration>();
	for (const r of fresh) {
		const registration = registrations.has(r.entryId!) ? undefined : getRegistration(store, device.eventId, r.entryId!);
		if (registration && registration.competitionId === r.competitionId) registrations.set(registration.id, registration);
	}
	if (registrations.size === 0) return;
	const checkIns = checkInsOfEntries(store, device.eventId, [...registrations.values()]);
	for (const current of registrations.values()) {
		const checkIn = checkIns.get(current.id);
		const pays = checkIn?.payload.paid === true;
		let paid: Registration['paid'] | undefined;
		if (pays && current.paid === null) paid = { amount: current.fee.amount, at: checkIn!.at, checkInId: checkIn!.id };
		else if (!pays && current.paid?.checkInId !== undefined) paid = null;
		if (paid === undefined) continue;
		const next: Registration = { ...current, paid, version: current.version + 1 };
		putRegistration(store, next, current.version);
		recordChange(store, {
			eventId: device.eventId,
			kind: 'registration.paid',
			personId: null,
			registrationId: current.id,
			at: now,
			by: { tokenId: device.id, label: device.label },
			changes: [{ field: 'paid', before: current.paid, after: paid }]
		});
	}
}

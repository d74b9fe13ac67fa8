import { error } from '@sveltejs/kit';
import type { Store } from './store';
import { noteContact } from './devices';
import { authenticate } from './tokens';
import type { Device, Role } from '$lib/contract';

/**
 * Who may do what, per event. Every request that touches an event's data carries a device
 * token (`Authorization: Bearer …`); the token's event and role decide. The public results
 * page needs none and sees published results only.
 */
export const ACTIONS = {
	/** Send judge events (a tablet's log, or the organizer's corrections); a desk its check-ins only (sync-push.ts). */
	'events.push': ['organizer', 'judge', 'desk'],
	/** Receive the event's judge events. */
	'events.pull': ['organizer', 'judge', 'display', 'desk'],
	/** Read the set-up: competitions, rulesets, heats, entries. */
	'setup.read': ['organizer', 'judge', 'display', 'desk'],
	/** Read the roster: the registrations' names, country, club and flags, no contact data or birth date (roster.ts). */
	'roster.read': ['organizer', 'judge', 'display', 'desk'],
	/** Change rulesets, competitions, registrations, heats; merge competitions. */
	'setup.write': ['organizer'],
	/** Prepare the event: its details, competitions from presets, ruleset versions and their history, heats. */
	'event.prepare': ['organizer'],
	/** Pair, list and revoke devices. */
	'devices.manage': ['organizer'],
	/** Start a heat on every tablet at once. */
	'heats.start': ['organizer'],
	/** Download the event's full backup. */
	'event.backup': ['organizer'],
	/** Import a tablet's exported event file. */
	'events.import': ['organizer'],
	/** Publish and lock results. */
	'results.publish': ['organizer'],
	/** Read an entry's audit trail: who pushed each event, when it arrived, the device's clock. */
	'events.audit': ['organizer'],
	/** Read and change the register of people and registrations (contact data, dates of birth, fees). */
	'register.manage': ['organizer'],
	/** Draw the relay's teams, rename them, read the record of draws (CZ-TEAM-DRAW). */
	'draws.manage': ['organizer'],
	/** Record, list and decide protests (protests.ts): the claims and who raised them are the organizer's only. */
	'protests.manage': ['organizer'],
	/** Send a photo of evidence, and ask whether the server holds one (a judge's tablet; never a display, desk or the public). */
	'photos.upload': ['organizer', 'judge'],
	/** List the event's photos and see them: personal data, the organizer's only. */
	'photos.view': ['organizer'],
	/** Set how long the event keeps its evidence (photos), and erase it. */
	'evidence.manage': ['organizer']
} as const satisfies Record<string, readonly Role[]>;
export type Action = keyof typeof ACTIONS;

export function allows(role: Role, action: Action): boolean {
	return (ACTIONS[action] as readonly Role[]).includes(role);
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(request: Request): string | null {
	const header = request.headers.get('authorization');
	const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
	return match ? match[1]! : null;
}

/**
 * The device behind the request, if it may do `action` on event `eventId`; otherwise an
 * HTTP error: 401 without a valid token (unknown, malformed or revoked), 403 for a token of
 * another event or a role that may not. A valid token's request is the device's contact
 * (its "last contact" on the Devices screen), whatever it asks.
 */
export function requireDevice(store: Store, request: Request, eventId: string, action: Action, now = Date.now()): Device {
	const device = authenticate(store, bearerToken(request));
	if (!device) error(401, 'a valid device token is required (Authorization: Bearer …); it may have been revoked');
	noteContact(store, device, now);
	if (device.eventId !== eventId) error(403, 'this device is paired with another event');
	if (!allows(device.role, action)) error(403, `a ${device.role} device may not do this (${action})`);
	return device;
}

import type { StationDb } from '$lib/db/station-db';
import { savePairing } from '$lib/sync/client/pairing';
import type { SyncApi } from '$lib/sync/client/api';
import type { Pairing } from '$lib/sync/pairing';

/**
 * How a device becomes the organizer's: it creates the event on a server (the answer's token
 * is the organizer key, shown once), or it is given an organizer key made earlier (checked
 * with GET /api/device). Either way the pairing is saved with the role `organizer`.
 */

export interface NewEvent {
	name: string;
	/** YYYY-MM-DD */
	date: string;
	venue?: string;
	/** The language of its printed lists and public pages. */
	language?: 'cs' | 'es' | 'en';
	/** The currency of its fees (ISO 4217; empty for none yet). */
	currency?: string;
	/** This device's name in the event's device list. */
	label: string;
}

/** The server's origin from what a person typed: "judge.example:3000" → "http://judge.example:3000". */
export function normalizeServer(text: string): string | null {
	let t = text.trim();
	if (!t) return null;
	if (!/^https?:\/\//i.test(t)) t = `http://${t}`;
	try {
		const url = new URL(t);
		return url.origin;
	} catch {
		return null;
	}
}

export async function createEventAndPair(db: StationDb, api: SyncApi, input: NewEvent, adminKey?: string): Promise<{ pairing: Pairing; eventName: string }> {
	const venue = input.venue?.trim();
	const currency = input.currency?.trim().toUpperCase();
	const created = await api.createEvent(
		{
			event: { name: input.name.trim(), date: input.date, ...(venue ? { venue } : {}), ...(input.language ? { language: input.language } : {}), ...(currency ? { currency } : {}) },
			label: input.label.trim() || undefined
		},
		adminKey?.trim() || undefined
	);
	const pairing = await savePairing(db, {
		server: api.server,
		eventId: created.event.id,
		role: 'organizer',
		deviceLabel: created.device.label,
		token: created.token
	});
	return { pairing, eventName: created.event.name };
}

export type KeyCheck = { ok: true; pairing: Pairing } | { ok: false; problem: 'not-organizer' | 'other-event'; role?: string; eventId?: string };

/** Checks an organizer key with the server (`api` carries it as its token) and saves the pairing when it is one. */
export async function signInWithKey(db: StationDb, api: SyncApi, eventId: string, key: string): Promise<KeyCheck> {
	const device = await api.device();
	if (device.eventId !== eventId.trim()) return { ok: false, problem: 'other-event', eventId: device.eventId };
	if (device.role !== 'organizer') return { ok: false, problem: 'not-organizer', role: device.role };
	const pairing = await savePairing(db, { server: api.server, eventId: device.eventId, role: 'organizer', deviceLabel: device.label, token: key.trim() });
	return { ok: true, pairing };
}

/** The text file the organizer keeps: everything needed to sign in from another device. */
export function keyFileText(p: Pick<Pairing, 'server' | 'eventId' | 'token'>, eventName: string): string {
	return [
		`Puzzle judge — organizer key`,
		`Event: ${eventName}`,
		`Server: ${p.server}`,
		`Event ID: ${p.eventId}`,
		`Organizer key: ${p.token}`,
		'',
		'Keep this file safe: the key is the only way to manage this event from another device.',
		''
	].join('\n');
}

/** A file name for the key: "organizer-key-<event>.txt". */
export function keyFileName(eventId: string): string {
	return `organizer-key-${eventId.replace(/[^A-Za-z0-9._-]+/g, '-')}.txt`;
}

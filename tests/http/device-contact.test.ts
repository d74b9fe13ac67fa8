import { expect } from 'vitest';
import { addDevice, createEvent } from '../sync-kit';
import { test } from './request';

/**
 * The Devices screen's "Last contact" (issue 30, point 14): any request a device's token makes
 * counts, not only a push. A display that only pulls, and the organizer's own device that only
 * reads, were "never" heard from.
 */

const auth = (t: string) => ({ authorization: `Bearer ${t}`, accept: 'application/json' });

test('a display that only pulls, a judge that only reads its set-up and the organizer reading its devices all count as contact; a device that made none stays "never"', async ({ request }) => {
	const before = Date.now();
	const { eventId, token: org } = await createEvent(`Contact ${before}`);
	const e = `/api/events/${eventId}`;
	const display = await addDevice(eventId, org, 'display', 'Hall screen');
	const judge = await addDevice(eventId, org, 'judge', 'Table 1');
	const idle = await addDevice(eventId, org, 'judge', 'Table 2');
	expect((await request.get(`${e}/judge-events?after=0`, { headers: auth(display.token) })).status()).toBe(200);
	expect((await request.get(`${e}/setup`, { headers: auth(judge.token) })).status()).toBe(200);

	const res = await request.get(`${e}/devices`, { headers: auth(org) });
	expect(res.status()).toBe(200);
	const devices = (await res.json()).devices as { id: string; role: string; label: string; lastSeenAt: number | null }[];
	const seen = (id: string) => devices.find((d) => d.id === id)!.lastSeenAt;
	expect(seen(display.device.id), 'the display that pulled').toBeGreaterThanOrEqual(before);
	expect(seen(judge.device.id), 'the judge that read its set-up').toBeGreaterThanOrEqual(before);
	expect(devices.find((d) => d.role === 'organizer')!.lastSeenAt, 'the organizer reading this list').toBeGreaterThanOrEqual(before);
	expect(seen(idle.device.id), 'the tablet never paired').toBeNull();
});

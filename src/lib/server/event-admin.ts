import { error } from '@sveltejs/kit';
import { randomBytes } from 'node:crypto';
import type { CompetitionEvent } from '$lib/setup/schema';
import { describeIssues, toIssues } from '$lib/validation';
import type { Store } from './store';
import { issueToken } from './tokens';
import { CreateEventSchema, type CreatedEvent } from '$lib/contract';

/** An ID from the name: lower-case letters and digits, and a random tail so that two "Spring cup"s differ. */
function idFrom(name: string): string {
	const slug = name
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, 40);
	return `${slug || 'event'}-${randomBytes(3).toString('hex')}`;
}

/** Creates an event and its first organizer device; 400 for bad input, 409 when the ID is taken. */
export function createEvent(store: Store, body: unknown, now: number): CreatedEvent {
	const input = CreateEventSchema.safeParse(body);
	if (!input.success) error(400, describeIssues(toIssues(input.error)));
	const { event: e, label } = input.data;
	const event: CompetitionEvent = { id: e.id ?? idFrom(e.name), name: e.name, date: e.date, ...(e.venue ? { venue: e.venue } : {}), ...(e.language ? { language: e.language } : {}), ...(e.currency ? { currency: e.currency } : {}) };
	return store.transaction(() => {
		if (store.getEvent(event.id)) error(409, `an event "${event.id}" already exists on this server`);
		store.insertSetup({ events: [event] });
		const issued = issueToken(store, { eventId: event.id, role: 'organizer', label: label ?? 'Organizer', now });
		return { eventId: event.id, event, device: { id: issued.id, role: issued.role, label: issued.label }, token: issued.token };
	});
}

import { error } from '@sveltejs/kit';
import type { Store } from '../store';
import { deleteUntouchedDemo, isUntouchedDemo } from '../untouched-demo';

/**
 * Makes room for the restored event: none of that ID here, or the untouched demo (untouched-demo.ts),
 * which is deleted (true); anything else of that ID is somebody's event: 409.
 */
export function replaceUntouchedDemo(store: Store, eventId: string): boolean {
	if (!store.getEvent(eventId)) return false;
	if (!isUntouchedDemo(store, eventId)) error(409, `the event "${eventId}" is already on this server: restore into a server without it`);
	deleteUntouchedDemo(store);
	return true;
}

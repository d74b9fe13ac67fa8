import type { SyncApi } from '$lib/sync/client/api';

/** Where an organizer's print document is read from: the server, with this device's organizer pairing, and the page's query. */
export interface PrintSource {
	api: SyncApi;
	eventId: string;
	query: URLSearchParams;
}

/** What keeps an organizer's print document from being made (a bad query, nothing found): said as it is, in its place. */
export class PrintProblem extends Error {}

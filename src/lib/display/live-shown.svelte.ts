import { API, pathOf } from '$lib/contract';

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Whether the display's event has a competition shown live (API.liveEvent, public): the room
 * display then shows the QR code to the public live page in a corner. Asked now and then; a
 * failed ask keeps what was known (offline, the code stays as it was).
 */
export class LiveShown {
	shown = $state(false);
	readonly #fetch: Fetch;

	constructor(fetch: Fetch) {
		this.#fetch = fetch;
	}

	async poll(server: string | null, eventId: string | null): Promise<void> {
		if (server === null || eventId === null) {
			this.shown = false;
			return;
		}
		try {
			// Past the browser's own cache, which may keep an answer a few seconds old (the resource's max-age).
			const response = await this.#fetch(`${server.replace(/\/+$/, '')}${pathOf(API.liveEvent, { eventId })}`, { headers: { accept: 'application/json' }, cache: 'no-cache' });
			if (response.status === 404) this.shown = false;
			if (!response.ok) return;
			const live = API.liveEvent.answer.safeParse(await response.json());
			if (live.success) this.shown = live.data.competitions.length > 0;
		} catch {
			// Offline: as it was.
		}
	}
}

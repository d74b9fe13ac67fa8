/**
 * What the engine tests read in the page and write to the tablet's IndexedDB, as functions run
 * in the page (EnginePage.run): each self-contained, JSON in and out. The database is the
 * app's (src/lib/db/station-db.ts: `puzzle-judge`, events keyed by ID).
 */

/** A seat card as the judge sees it. */
export interface SeatState {
	name: string;
	status: string;
	clock: string;
	/** The result line, spaces folded; null when there is none. */
	result: string | null;
}

/** Every seat card on the screen, in order, and the page's clock when they were read. */
export function seatScreen(): { now: number; seats: SeatState[] } {
	const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
	const seats = [...document.querySelectorAll('[data-testid="seat"]')].map((card) => {
		const heading = card.querySelector('h3');
		const own = heading ? [...heading.childNodes].filter((n) => !(n instanceof Element && n.classList.contains('num'))) : [];
		const result = card.querySelector('[data-testid="result"]');
		return {
			name: own.map((n) => n.textContent ?? '').join('').trim(),
			status: text(card.querySelector('[data-testid="status"]')),
			clock: text(card.querySelector('[data-testid="clock"]')),
			result: result ? text(result) : null
		};
	});
	return { now: Date.now(), seats };
}

/** The text of the first element with this test ID, null when there is none. */
export function textOf(testid: string): string | null {
	const el = document.querySelector(`[data-testid="${testid}"]`);
	return el ? (el.textContent ?? '').replace(/\s+/g, ' ').trim() : null;
}

/** The value of a field with this test ID, null when there is none. */
export function valueOf(testid: string): string | null {
	const el = document.querySelector(`[data-testid="${testid}"]`) as HTMLInputElement | null;
	return el ? el.value : null;
}

/** Chooses `value` in the select with this test ID, as a judge's choice does (a change event). */
export function choose(testid: string, value: string): string {
	const select = document.querySelector(`[data-testid="${testid}"]`) as HTMLSelectElement;
	select.value = value;
	select.dispatchEvent(new Event('change', { bubbles: true }));
	return select.value;
}

/** Whether the element with this test ID is shown (rendered with a size). */
export function shown(testid: string): boolean {
	const el = document.querySelector(`[data-testid="${testid}"]`) as HTMLElement | null;
	return !!el && el.getClientRects().length > 0;
}

/** The heat screen's capability attributes (the contract of issue 17: HeatView.svelte). */
export function heatCapabilities(): { wakeLock: string | null; audio: string | null } | null {
	const heat = document.querySelector('[data-testid="heat-screen"]');
	return heat ? { wakeLock: heat.getAttribute('data-wake-lock'), audio: heat.getAttribute('data-audio') } : null;
}

/** Where the service worker stands, in words ("controlled by an activated worker" once everything is precached and it serves the page). */
export function serviceWorkerState(): Promise<string> {
	if (!('serviceWorker' in navigator)) return Promise.resolve('no service worker API');
	const controller = navigator.serviceWorker.controller;
	if (controller) return Promise.resolve(`controlled by an ${controller.state} worker`);
	return navigator.serviceWorker.getRegistration().then((r) =>
		r ? `not controlled; registration: active ${r.active?.state ?? 'none'}, waiting ${r.waiting?.state ?? 'none'}, installing ${r.installing?.state ?? 'none'}` : 'no registration'
	);
}

/** Whether the server answers the page (`/api/health`): 'reached' or 'unreachable'. */
export function serverFromPage(): Promise<string> {
	return fetch('/api/health', { cache: 'no-store' }).then(
		() => 'reached',
		() => 'unreachable'
	);
}

/** A judge event as stored, the fields the tests read. */
export interface StoredEvent {
	id: string;
	type: string;
	at: number;
	heatId: string | null;
	entryId: string | null;
}

/** Every event stored on the tablet for `heatId`, in the order of their sequence numbers. */
export function heatEvents(heatId: string): Promise<StoredEvent[]> {
	return new Promise((resolve, reject) => {
		const open = indexedDB.open('puzzle-judge');
		open.onerror = () => reject(open.error);
		open.onsuccess = () => {
			const db = open.result;
			const get = db.transaction('events', 'readonly').objectStore('events').getAll();
			get.onerror = () => reject(get.error);
			get.onsuccess = () => {
				db.close();
				const all = get.result as (StoredEvent & { seq: number })[];
				resolve(
					all
						.filter((e) => e.heatId === heatId)
						.sort((a, b) => a.seq - b.seq)
						.map((e) => ({ id: e.id, type: e.type, at: e.at, heatId: e.heatId, entryId: e.entryId }))
				);
			}
		};
	});
}

/**
 * Moves every stored event of `heatId` `ms` earlier, as if the whole heat had happened that
 * much sooner: the times between taps (the results) stay, the heat's limit comes closer. The
 * engines' WebDriver cannot move the page's clock (Playwright's page.clock is Chromium's), so a
 * heat reaches its limit this way. Returns how many events moved.
 */
export function moveHeatEarlier(heatId: string, ms: number): Promise<number> {
	return new Promise((resolve, reject) => {
		const open = indexedDB.open('puzzle-judge');
		open.onerror = () => reject(open.error);
		open.onsuccess = () => {
			const db = open.result;
			const tx = db.transaction('events', 'readwrite');
			const store = tx.objectStore('events');
			let moved = 0;
			const get = store.getAll();
			get.onsuccess = () => {
				for (const e of get.result as StoredEvent[]) {
					if (e.heatId !== heatId) continue;
					store.put({ ...e, at: e.at - ms });
					moved++;
				}
			};
			tx.oncomplete = () => {
				db.close();
				resolve(moved);
			};
			tx.onerror = () => reject(tx.error);
		};
	});
}

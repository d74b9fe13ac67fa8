import type { ServerInit } from '@sveltejs/kit';
import { building } from '$app/environment';
import { getStore } from '$lib/server/db';

/** Open the store (and insert the demo event on a first start) before the first request. */
export const init: ServerInit = () => {
	if (building) return;
	const store = getStore();
	console.log(`Store: ${store.file} (schema version ${store.userVersion})`);
};

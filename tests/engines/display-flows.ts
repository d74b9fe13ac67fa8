import assert from 'node:assert/strict';
import { presetById } from '../../src/lib/rules/presets';
import type { ServerProcess } from '../server-spawn';
import { until, type EnginePage } from './engine-page';
import { textOf } from './page-reads';
import { textContrast } from '../text-contrast';

/**
 * The room display in a real engine (issue 30 #5a, #16, #23: seen in Chromium, WebKit and
 * Firefox): a screen paired as a display, in Czech, its language menu readable on the notice
 * screen; the organizer starts the heat on every tablet with no tablet sending anything, and
 * the display shows it, its column headers apart and its time left whole on screen.
 */

const MIN = 60_000;
const RULESET = presetById('es-adult-individual')!;

async function api<T>(server: ServerProcess, method: string, path: string, body: unknown, token?: string): Promise<T> {
	const res = await fetch(`${server.origin}${path}`, {
		method,
		headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
		body: JSON.stringify(body)
	});
	assert.ok(res.ok, `${method} ${path}: ${res.status} ${await res.clone().text()}`);
	return (await res.json()) as T;
}

/** In the page: the language chosen in the display's menu (a change event, as a pick does). */
function chooseLanguage(lang: string): string {
	const select = document.querySelector('.display-locale select') as HTMLSelectElement;
	select.value = lang;
	select.dispatchEvent(new Event('change', { bubbles: true }));
	return document.documentElement.lang;
}

/** In the page: what does not fit, in words (none: an empty list). */
function layoutFaults(): string[] {
	const box = (el: Element) => {
		const range = document.createRange();
		range.selectNodeContents(el);
		return range.getBoundingClientRect();
	};
	const faults: string[] = [];
	const head = [...document.querySelectorAll('.head > span')].map(box);
	for (let i = 0; i + 1 < head.length; i++) if (head[i]!.right > head[i + 1]!.left + 1) faults.push(`header cells ${i + 1} and ${i + 2} overlap`);
	for (const id of ['display-elapsed', 'display-left']) {
		const el = document.querySelector(`[data-testid="${id}"]`);
		if (!el) continue;
		const text = box(el);
		const cell = el.parentElement!.getBoundingClientRect();
		if (text.right > cell.right + 1 || text.left < cell.left - 1) faults.push(`${id} outside its cell`);
		if (text.right > window.innerWidth + 1) faults.push(`${id} beyond the screen's right edge`);
	}
	return faults;
}

export async function displayFollowsOrganizerStart(page: EnginePage, server: ServerProcess): Promise<void> {
	const created = await api<{ eventId: string; token: string }>(server, 'POST', '/api/events', { event: { name: 'Sala de juego', date: '2026-05-16' } });
	const { eventId, token } = created;
	const [competitionId, heatId] = [`${eventId}-es`, `${eventId}-t1`];
	await api(server, 'POST', `/api/events/${eventId}/setup`, {
		rulesets: [RULESET],
		competitions: [{ id: competitionId, eventId, name: 'Individual', ruleset: { id: RULESET.id, version: RULESET.version } }],
		heats: [{ id: heatId, competitionId, name: 'Turno 1' }],
		entries: ['Šárka Nováková', 'Vojtěch Ďurica', 'Íñigo Martínez'].map((name, i) => ({ id: `${eventId}-e${i}`, competitionId, heatId, name, members: [], table: '1', seat: String(i + 1) }))
	}, token);
	const display = await api<{ pairUrl: string }>(server, 'POST', `/api/events/${eventId}/devices`, { role: 'display', label: 'Sala' }, token);

	await page.goto(display.pairUrl);
	await until(async () => (await page.run(textOf, 'pair-done'))?.includes('display'), 'the pairing as a display');
	// As a person does: the pairing's own link (an in-app navigation). A full navigation away from
	// the pair page (driver.get) left WebKit at "Opening…" for good in about 1 run in 8: see issue
	// 30's closing note.
	await page.click({ css: 'a[href="/display"]' });
	await until(() => page.run(textOf, 'display-no-heat'), 'the notice: no heat yet');
	assert.ok((await page.run(textContrast, '.display-locale select')) >= 4.5, 'the language menu can be read on the notice screen');
	assert.equal(await page.run(chooseLanguage, 'cs'), 'cs');

	// The organizer starts the heat on every tablet, 10 minutes ago (2:00 preview): no tablet sent anything.
	await api(server, 'POST', `/api/events/${eventId}/heat-starts`, { id: `start-${eventId}`, competitionId, heatId, organizerAt: Date.now() - 10 * MIN, offsetMs: 0 }, token);
	await until(async () => (await page.run(textOf, 'display-heat')) === 'Turno 1', 'the display shows the heat the organizer started', 20_000);
	await until(async () => /^1:5\d:\d\d$/.test((await page.run(textOf, 'display-left')) ?? ''), 'the time left runs');
	assert.deepEqual(await page.run(layoutFaults), []);
}

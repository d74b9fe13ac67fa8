import { expect, test, type Page } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { presetById } from '../src/lib/rules/presets';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { addDevice, call, DAY, expectStatus, RUN, T0, writeSetup, type CreatedEvent } from './sync-kit';
import { FULL_ONLY } from './tier';

/**
 * Pictures of the papers and the public page issue 30 changed (#15, #17, #19), for a Czech and a
 * Spanish event, at a desk's and a phone's size: test-results/screens-i30/<name>-<lang>-<width>.png.
 * Only looked at, never compared: the full tier only.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const MIN = 60_000;
const ES = presetById('es-adult-individual')!;
const SIZES = [
	{ width: 1280, height: 800 },
	{ width: 390, height: 844 }
];

async function event(lang: 'cs' | 'es') {
	const created = expectStatus(await call('POST', '/api/events', { json: { event: { name: lang === 'cs' ? `Jarní skládání ${RUN}` : `Torneo de primavera ${RUN}`, date: DAY, language: lang } } }), 201, 'create')
		.body as CreatedEvent;
	const { eventId, token: org } = created;
	const c = `shots-${lang}-${RUN}`;
	const heatId = `${c}-h1`;
	const names = ['Alena Procházková', 'Bohdan Svoboda', 'Cecílie Dvořáková', 'Dušan Černý', 'Lucía Fernández', 'Jiří Čermák', 'Ana Martínez', 'Elena Ruiz'];
	const id = (i: number) => `${c}-e${i + 1}`;
	await writeSetup(eventId, org, {
		rulesets: [ES],
		competitions: [{ id: c, eventId, name: lang === 'cs' ? 'Jednotlivci' : 'Adultos', ruleset: { id: ES.id, version: ES.version } }],
		heats: [{ id: heatId, competitionId: c, name: lang === 'cs' ? 'Dopoledne' : 'Mañana' }],
		entries: names.map((name, i) => ({ id: id(i), competitionId: c, heatId, name, members: [], table: String(Math.floor(i / 2) + 1), seat: String((i % 2) + 1) }))
	});
	const judge = await addDevice(eventId, org, 'judge', 'Table 1');
	const log = new DeviceLog({ deviceId: `${c}-tab`, judge: 'Eva', competitionId: c, heatId });
	const p = ES.previewMs;
	log.start(T0, names.map((_, i) => id(i)), p);
	[41 * MIN + 200, 41 * MIN + 700, 47 * MIN, 52 * MIN].forEach((at, i) => log.confirm(log.hand(id(i), T0 + p + at), T0 + p + at + MIN, 0));
	expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token: judge.token, json: { events: log.events } }), 200, 'push');
	expectStatus(await call('POST', `/api/events/${eventId}/publications`, { token: org, json: { competitionId: c } }), 201, 'publish');
	return { eventId, name: created.event.name, org, c, heatId };
}

async function shots(page: Page, name: string, lang: string) {
	for (const size of SIZES) {
		await page.setViewportSize(size);
		await page.screenshot({ path: `test-results/screens-i30/${name}-${lang}-${size.width}.png`, fullPage: true });
	}
	await page.setViewportSize(SIZES[0]!);
}

for (const lang of ['cs', 'es'] as const) {
	test(`issue 30 pictures: the results print, the seat plan, the table cards and the public page of a ${lang} event`, FULL_ONLY, async ({ page }) => {
		const ev = await event(lang);
		await signInOrganizer(page, ev.org, ev.eventId, ev.name);
		await openOrganizer(page, 'review');
		await expect(page.locator(`[data-testid="org-standings"][data-competition="${ev.c}"]`)).toContainText('Alena');
		await page.goto(`/organizer/print?competition=${ev.c}`);
		await expect(page.getByTestId('print-standings')).toContainText('Alena');
		await shots(page, 'results-print', lang);
		await page.goto(`/organizer/seating/plan?heat=${ev.heatId}`);
		await expect(page.getByTestId('plan-table')).toHaveCount(4);
		await shots(page, 'seat-plan', lang);
		await page.goto(`/organizer/seating/cards?heat=${ev.heatId}`);
		await page.getByTestId('cards-issue').click();
		await expect(page.getByTestId('table-card-qr').locator('svg')).toHaveCount(4);
		await shots(page, 'table-cards', lang);
		await page.goto(`/results/${ev.eventId}`);
		await expect(page.getByTestId('results-tie')).toBeVisible();
		await shots(page, 'public-results', lang);
	});
}

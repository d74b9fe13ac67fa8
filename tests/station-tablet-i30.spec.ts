import { expect, test, type Browser, type Page } from '@playwright/test';
import { presetById } from '../src/lib/rules/presets';
import { DeviceLog } from '../src/lib/events/builder';
import { quickSetup } from '../src/lib/station/quick-setup';
import { seedTablet, unfoldQuickSetup, type TabletSetup } from './station-helpers';
import { addDevice, call, createEvent, DAY, expectStatus, RULESET, RUN, writeSetup } from './sync-kit';

/**
 * Issue 30, the judge's tablet: seats in the order people count them (#9), ruleset names in the
 * tablet's language (#15), a tablet paired by a table card (#2, #15), refused events (#2) and
 * competitions the organizer merged (#3). Pictures of the changed screens go to
 * test-results/screens-i30/.
 */

const czjpa = presetById('czjpa-individual')!;
const es = presetById('es-adult-individual')!;

/** A tablet with one event of two competitions; heat 1's table 1 seats five, their IDs not in seat order. */
function orderTablet(): TabletSetup {
	const cz = { id: czjpa.id, version: czjpa.version };
	const seated = [
		['s-a', 'Adéla', '1'],
		['s-b', 'Bára', '2'],
		['s-c', 'Dana', '4'],
		['s-d', 'Cyril', '3'],
		['s-e', 'Emil', '10']
	] as const;
	return {
		days: [{ id: 'day-30', name: 'Podzimní den', date: '2026-10-10' }],
		rulesets: [czjpa, es],
		competitions: [
			{ id: 'c-ind', eventId: 'day-30', name: 'Jednotlivci', ruleset: cz },
			{ id: 'c-es', eventId: 'day-30', name: 'Individual', ruleset: { id: es.id, version: es.version } }
		],
		heats: [
			{ id: 'h-1', competitionId: 'c-ind', name: 'Rozběh 1' },
			{ id: 'h-es', competitionId: 'c-es', name: 'Manga 1' }
		],
		entries: [
			...seated.map(([id, name, seat]) => ({ id, competitionId: 'c-ind', heatId: 'h-1', name, members: [], table: '1', seat })),
			{ id: 'es-1', competitionId: 'c-es', heatId: 'h-es', name: 'Lucía', members: [], table: '1', seat: '1' }
		]
	};
}

async function tablet(browser: Browser, locale: string): Promise<{ page: Page; close: () => Promise<void> }> {
	const context = await browser.newContext({ locale, timezoneId: 'UTC', viewport: { width: 1280, height: 800 } });
	const page = await context.newPage();
	return { page, close: () => context.close() };
}

/** The picture of a changed screen at both sizes (looked at by hand, never committed). */
async function picture(page: Page, name: string, lang: string): Promise<void> {
	for (const size of [
		{ width: 1280, height: 800 },
		{ width: 390, height: 844 }
	]) {
		await page.setViewportSize(size);
		await page.screenshot({ path: `test-results/screens-i30/${name}-${lang}-${size.width}.png`, fullPage: true });
	}
	await page.setViewportSize({ width: 1280, height: 800 });
}

test('issue 30 #9: the judge’s tablet lists a table’s seats in seat order (1, 2, 3, 4, 10), whatever their IDs', async ({ browser }) => {
	const { page, close } = await tablet(browser, 'en-US');
	try {
		await page.goto('/station');
		await seedTablet(page, orderTablet());
		await page.goto('/station?competition=c-ind&heat=h-1&table=1');
		await expect(page.getByTestId('seat')).toHaveCount(5);
		const names = await page.getByTestId('seat').evaluateAll((cards) => cards.map((c) => (c.textContent ?? '').match(/Adéla|Bára|Cyril|Dana|Emil/)?.[0]));
		expect(names).toEqual(['Adéla', 'Bára', 'Cyril', 'Dana', 'Emil']);
	} finally {
		await close();
	}
});

for (const [locale, lang, rules] of [
	['cs-CZ', 'cs', ['Pravidla: CZJPA jednotlivci (500 dílků, 90 min) (v1)', 'Pravidla: Dospělí jednotlivci 18+ (200 dílků, 2 h) (v1)']],
	['es-ES', 'es', ['Reglas: CZJPA individual (500 piezas, 90 min) (v1)', 'Reglas: Individual adultos 18+ (200 piezas, 2 h) (v1)']]
] as const) {
	test(`issue 30 #15: the tablet’s chooser names the rulesets in its language (${lang})`, async ({ browser }) => {
		const { page, close } = await tablet(browser, locale);
		try {
			await page.goto('/station');
			await seedTablet(page, orderTablet());
			const chooser = page.getByTestId('chooser');
			await expect(page.getByTestId('choose-level')).toHaveAttribute('data-level', 'competition');
			const cards = chooser.locator('[data-testid="choice"][data-level="competition"]');
			await expect(cards).toHaveCount(2);
			await expect(cards.filter({ hasText: /^Jednotlivci/ })).toContainText(rules[0]);
			await expect(cards.filter({ hasText: /^Individual/ })).toContainText(rules[1]);
			await picture(page, 'station-chooser', lang);
		} finally {
			await close();
		}
	});
}

/** An event of two competitions seated through the API: Individuals (heat 1 at tables 1 and 3, heat 2) and Pairs. */
async function cardEvent() {
	const created = await createEvent(`Cards i30 ${RUN}`);
	const { eventId, token: org } = created;
	const ind = `${eventId}-ind`;
	const other = `${eventId}-other`;
	const cz = { id: RULESET.id, version: RULESET.version };
	await writeSetup(eventId, org, {
		rulesets: [RULESET],
		competitions: [
			{ id: ind, eventId, name: 'Individuals', ruleset: cz },
			{ id: other, eventId, name: 'Juniors', ruleset: cz }
		],
		heats: [
			{ id: `${ind}-h1`, competitionId: ind, name: 'Heat 1' },
			{ id: `${ind}-h2`, competitionId: ind, name: 'Heat 2' },
			{ id: `${other}-h1`, competitionId: other, name: 'Juniors heat' }
		],
		entries: [
			...['Ana', 'Bea', 'Cruz'].map((name, i) => ({ id: `${ind}-e${i + 1}`, competitionId: ind, heatId: `${ind}-h1`, name, members: [], table: '3', seat: String(i + 1) })),
			{ id: `${ind}-e4`, competitionId: ind, heatId: `${ind}-h1`, name: 'Dario', members: [], table: '1', seat: '1' },
			{ id: `${ind}-e5`, competitionId: ind, heatId: `${ind}-h2`, name: 'Elena', members: [], table: '1', seat: '1' },
			{ id: `${other}-e1`, competitionId: other, heatId: `${other}-h1`, name: 'Fabio', members: [], table: '1', seat: '1' }
		]
	});
	const printed = expectStatus(await call('POST', `/api/events/${eventId}/cards`, { token: org, json: { heatId: `${ind}-h1`, tables: ['3'] } }), 201, 'print').body as { cards: { link: string }[] };
	return { eventId, org, ind, other, link: printed.cards[0]!.link };
}

for (const [locale, lang, words] of [
	['es-ES', 'es', { label: 'Heat 1 · mesa 3 (tableta 1 de su tarjeta)', table: 'mesa 3', card: 'tarjeta' }],
	['cs-CZ', 'cs', { label: 'Heat 1 · stůl 3 (1. tablet z karty stolu)', table: 'stolu 3', card: 'kartou' }]
] as const) {
	test(`issue 30 #2, #15: a tablet paired by table 3’s card offers table 3 alone and says why; another heat’s address is not opened; its name is in its language (${lang})`, async ({ browser }) => {
		const ev = await cardEvent();
		const { page, close } = await tablet(browser, locale);
		try {
			await page.goto(ev.link);
			await expect(page).toHaveURL(new RegExp(`/station\\?competition=${ev.ind}&heat=${ev.ind}-h1&table=3$`));
			await expect(page.getByTestId('judge-ask-tablet')).toContainText(words.label);
			await picture(page, 'station-card-ask', lang);
			await page.getByTestId('judge-ask-name').fill('Eva');
			await page.getByTestId('judge-ask-go').click();
			await expect(page.getByTestId('seat')).toHaveCount(3);

			// The heats: table 3 of heat 1 alone, and why nothing else; no quick set-up (the server would refuse it).
			await page.goto('/station');
			const chooser = page.getByTestId('chooser');
			await expect(chooser.getByTestId('card-only')).toContainText(words.table);
			await expect(chooser.getByTestId('card-only')).toContainText(words.card);
			await expect(chooser.getByTestId('open-heat')).toHaveCount(1);
			await expect(chooser).not.toContainText('Juniors');
			await expect(chooser).not.toContainText('Heat 2');
			await expect(page.getByTestId('quick-toggle')).toHaveCount(0);
			await picture(page, 'station-card-home', lang);

			// The address of another competition's heat opens nothing: the home says why.
			await page.goto(`/station?competition=${ev.other}&heat=${ev.other}-h1`);
			await expect(page.getByTestId('card-other-heat')).toBeVisible();
			await expect(page.getByTestId('start')).toHaveCount(0);
			await expect(page.getByTestId('seat')).toHaveCount(0);
			await picture(page, 'station-card-other-heat', lang);

			await page.goto('/pair');
			await expect(page.getByTestId('pair-current-device')).toHaveText(words.label);
		} finally {
			await close();
		}
	});
}

test('issue 30 #3: a tablet follows the organizer’s merge: its heat reopens as the merged one, its chooser lists one competition, no internal ID on screen', async ({ browser }) => {
	test.slow();
	const created = await createEvent(`Merge i30 ${RUN}`);
	const { eventId, token: org } = created;
	const judgeA = await addDevice(eventId, org, 'judge', 'Mesa A');
	const { page, close } = await tablet(browser, 'es-ES');
	try {
		// Tablet A quick-sets up "Turno de tarde" for Ana, Bob and Cyril and starts it.
		await page.goto(judgeA.pairUrl);
		await expect(page.getByTestId('pair-done')).toBeVisible();
		await page.goto('/station');
		await page.getByTestId('judge').fill('Eva');
		await unfoldQuickSetup(page);
		await page.getByTestId('preset').selectOption('czjpa-individual');
		await page.getByLabel('Nombre del concurso (opcional)').fill('Turno de tarde');
		await page.getByTestId('names').fill('Ana\nBob\nCyril');
		await page.getByTestId('quick-start').click();
		await expect(page.getByTestId('seat')).toHaveCount(3);
		const opened = new URL(page.url()).searchParams;
		const a = { competitionId: opened.get('competition')!, heatId: opened.get('heat')! };
		await page.getByTestId('start').click();
		await expect(page.locator(`[data-seat="${a.competitionId}-s1"]`).getByTestId('status')).toHaveText('En curso');
		// Its set-up and start reach the server (adopted into the event).
		await expect
			.poll(async () => ((await call('GET', `/api/events/${eventId}/setup`, { token: org })).body as { competitions: { id: string }[] }).competitions.map((c) => c.id), { timeout: 30_000 })
			.toContain(a.competitionId);

		// Tablet B quick-set up "Turno de tarde" too (Ana, Bob, Dora): it started ten minutes ago, Dora finished two minutes ago.
		const q = quickSetup({ presetId: 'czjpa-individual', competitionName: 'Turno de tarde', seatNames: ['Ana', 'Bob', 'Dora'], day: DAY, suffix: `b${RUN.slice(-8)}` });
		if (!q.ok) throw new Error('quick set-up');
		const b = q.value;
		const judgeB = await addDevice(eventId, org, 'judge', 'Mesa B');
		const logB = new DeviceLog({ deviceId: `tab-b-${RUN}`, judge: 'Pablo', competitionId: b.competitionId, heatId: b.heatId });
		const now = Date.now();
		logB.start(now - 10 * 60_000, [1, 2, 3].map((n) => `${b.competitionId}-s${n}`));
		logB.hand(`${b.competitionId}-s3`, now - 2 * 60_000);
		expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token: judgeB.token, json: { events: logB.events, setup: b.bundle } }), 200, 'push B');

		// The organizer folds A's competition into B's: Ana onto Ana, Bob onto Bob, Cyril added.
		const merge = {
			id: `merge-${RUN}`,
			keptCompetitionId: b.competitionId,
			foldedCompetitionId: a.competitionId,
			heats: [{ from: a.heatId, to: b.heatId }],
			entries: [
				{ from: `${a.competitionId}-s1`, to: `${b.competitionId}-s1` },
				{ from: `${a.competitionId}-s2`, to: `${b.competitionId}-s2` },
				{ from: `${a.competitionId}-s3`, to: null }
			],
			reason: 'Dos tabletas, un turno'
		};
		expectStatus(await call('POST', `/api/events/${eventId}/merges`, { token: org, json: merge }), 201, 'merge');

		// Tablet A syncs (back online): its open heat reopens as the merged one, with B's seats and B's finish.
		await page.context().setOffline(true);
		await page.context().setOffline(false);
		await expect(page).toHaveURL(new RegExp(`competition=${b.competitionId}&heat=${b.heatId}`), { timeout: 30_000 });
		await expect(page.getByTestId('seat')).toHaveCount(4);
		await expect(page.locator(`[data-seat="${b.competitionId}-s3"]`)).toContainText('Dora');
		await expect(page.locator(`[data-seat="${b.competitionId}-s3"]`).getByTestId('status')).toHaveText('Terminado');
		await expect(page.locator(`[data-seat="${a.competitionId}-s3"]`)).toContainText('Cyril');
		await expect(page.locator(`[data-seat="${a.competitionId}-s3"]`).getByTestId('status')).toHaveText('En curso');
		await expect(page.locator('body')).not.toContainText(/\bq-[a-z0-9]{4,}/);
		await picture(page, 'station-merged-heat', 'es');
		await page.getByLabel('Idioma').selectOption('cs');
		await expect(page.locator(`[data-seat="${b.competitionId}-s3"]`).getByTestId('status')).toHaveText('Dokončeno');
		await picture(page, 'station-merged-heat', 'cs');
		await page.getByLabel('Jazyk').selectOption('es');

		// The chooser: one "Turno de tarde", the merged one; no internal ID anywhere.
		await page.goto('/station');
		const chooser = page.getByTestId('chooser');
		await expect(page.getByTestId('reading-heats')).toHaveCount(0);
		await expect(chooser.locator('[data-testid="crumb"][data-level="competition"], [data-testid="choice"][data-level="competition"]')).toHaveCount(1);
		await expect(chooser).toContainText('Turno de tarde');
		await expect(page.locator('body')).not.toContainText(/\bq-[a-z0-9]{4,}/);
		await picture(page, 'station-merged-home', 'es');
		await page.getByLabel('Idioma').selectOption('cs');
		await expect(page.getByTestId('choose-level')).toHaveText(/Vyberte/);
		await picture(page, 'station-merged-home', 'cs');
		await page.getByLabel('Jazyk').selectOption('es');
		// The folded-in heat's old address opens the merged heat.
		await page.goto(`/station?competition=${a.competitionId}&heat=${a.heatId}`);
		await expect(page).toHaveURL(new RegExp(`competition=${b.competitionId}&heat=${b.heatId}`));
		await expect(page.getByTestId('seat')).toHaveCount(4);
	} finally {
		await close();
	}
});

for (const [locale, lang, words] of [
	['es-ES', 'es', { name: 'Nombre del concurso (opcional)', what: 'Turno de tarde', why: 'se emparejó con la tarjeta de la mesa 3 (Heat 1)', todo: 'Qué hacer:' }],
	['cs-CZ', 'cs', { name: 'Název soutěže (nepovinné)', what: 'Turno de tarde', why: 'byl spárován kartou stolu 3 (Heat 1)', todo: 'Co dělat:' }]
] as const) {
	test(`issue 30 #2: events the server refused to a card’s tablet make the badge an error saying what; /pair says why and what to do (${lang})`, async ({ browser }) => {
		const ev = await cardEvent();
		const { page, close } = await tablet(browser, locale);
		try {
			// Before its card, the tablet timed a heat of its own (a quick set-up): the card's token may not push it.
			await page.goto('/station');
			await page.getByTestId('judge').fill('Eva');
			await unfoldQuickSetup(page);
			await page.getByTestId('preset').selectOption('czjpa-individual');
			await page.getByLabel(words.name).fill('Turno de tarde');
			await page.getByTestId('names').fill('Ana\nBob');
			await page.getByTestId('quick-start').click();
			await expect(page.getByTestId('seat')).toHaveCount(2);
			await page.getByTestId('start').click();
			await expect(page.getByTestId('undo')).toBeEnabled();

			await page.goto(ev.link);
			await expect(page).toHaveURL(new RegExp(`/station\\?competition=${ev.ind}&heat=${ev.ind}-h1&table=3$`));
			await expect(page.getByTestId('seat')).toHaveCount(3);
			const badge = page.getByTestId('sync-refused');
			await expect(badge).toBeVisible({ timeout: 30_000 });
			await expect(badge).toHaveAttribute('data-tone', 'danger');
			await expect(badge).toContainText(words.what);
			await expect(badge).not.toContainText(/\bq-[a-z0-9]{4,}/);
			await picture(page, 'station-refused-badge', lang);

			await badge.click();
			await expect(page).toHaveURL(/\/pair\?show=refused$/);
			const item = page.getByTestId('sync-rejected-item');
			await expect(item).toHaveCount(1);
			await expect(item).toContainText(words.what);
			await expect(item).toContainText(words.why);
			await expect(item).toContainText(words.todo);
			await expect(page.getByTestId('sync-details')).not.toContainText(/\bq-[a-z0-9]{4,}/);
			await expect(page.getByTestId('pair-problem')).toHaveCount(0);
			await picture(page, 'pair-refused-list', lang);
		} finally {
			await close();
		}
	});
}

import { expect, test, type Browser, type Page } from '@playwright/test';
import { presetById } from '../src/lib/rules/presets';
import { seedTablet, type TabletSetup } from './station-helpers';
import { call, createEvent, expectStatus, RULESET, RUN, writeSetup } from './sync-kit';

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

test('issue 30 #2, #15: a tablet paired by table 3’s card offers table 3 alone and says why; another heat’s address is not opened; its name is in its language', async ({ browser }) => {
	const ev = await cardEvent();
	const { page, close } = await tablet(browser, 'es-ES');
	try {
		await page.goto(ev.link);
		await expect(page).toHaveURL(new RegExp(`/station\\?competition=${ev.ind}&heat=${ev.ind}-h1&table=3$`));
		await expect(page.getByTestId('judge-ask-tablet')).toContainText('Heat 1 · mesa 3 (tableta 1 de su tarjeta)');
		await page.getByTestId('judge-ask-name').fill('Eva');
		await page.getByTestId('judge-ask-go').click();
		await expect(page.getByTestId('seat')).toHaveCount(3);

		// The heats: table 3 of heat 1 alone, and why nothing else; no quick set-up (the server would refuse it).
		await page.goto('/station');
		const chooser = page.getByTestId('chooser');
		await expect(chooser.getByTestId('card-only')).toContainText('mesa 3');
		await expect(chooser.getByTestId('card-only')).toContainText('tarjeta');
		await expect(chooser.getByTestId('open-heat')).toHaveCount(1);
		await expect(chooser).not.toContainText('Juniors');
		await expect(chooser).not.toContainText('Heat 2');
		await expect(page.getByTestId('quick-toggle')).toHaveCount(0);
		await picture(page, 'station-card-home', 'es');

		// The address of another competition's heat opens nothing: the home says why.
		await page.goto(`/station?competition=${ev.other}&heat=${ev.other}-h1`);
		await expect(page.getByTestId('card-other-heat')).toBeVisible();
		await expect(page.getByTestId('start')).toHaveCount(0);
		await expect(page.getByTestId('seat')).toHaveCount(0);

		await page.goto('/pair');
		await expect(page.getByTestId('pair-current-device')).toHaveText('Heat 1 · mesa 3 (tableta 1 de su tarjeta)');
	} finally {
		await close();
	}
});

import { expect, test, type Browser, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { DeviceLog } from '../src/lib/events/builder';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { screen } from './screens-kit';
import { call, createEvent, expectStatus, pairByCard, printedCardSecret, RULESET, writeSetup } from './sync-kit';

/**
 * Table cards (issue 15): a small heat seated through the set-up API; the cards page lists the
 * heat's tables and prints nothing until "Print cards for Heat 1" is pressed (issue 29 #7), then a
 * card per table with its seats' names and a QR code; a blank tablet opens table 2's card link
 * and, after one scan, the judge's name and Start, times the heat; a second tablet scanning the
 * same card gets a token of its own; a revoked card is refused; visiting the page again issues
 * no card, and a lost card is reprinted alone, the earlier one revoked; a card's token may not
 * push another heat's events.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const NAMES = ['Adéla Nováková', 'Bára Svobodová', 'Cyril Dvořák', 'Dana Černá', 'Emil Procházka', 'Filip Kučera'];

async function seatedHeat() {
	const created = await createEvent(`Cards ${Math.random().toString(36).slice(2, 7)}`);
	const { eventId, token: org } = created;
	const competitionId = `${eventId}-ind`;
	const heats = [`${competitionId}-h1`, `${competitionId}-h2`];
	await writeSetup(eventId, org, {
		rulesets: [RULESET],
		competitions: [{ id: competitionId, eventId, name: 'Individuals', ruleset: { id: RULESET.id, version: RULESET.version } }],
		heats: heats.map((id, i) => ({ id, competitionId, name: `Heat ${i + 1}` })),
		// Heat 1: tables 1 and 2 of three seats; heat 2: one more entry.
		entries: NAMES.map((name, i) => ({ id: `${competitionId}-e${i + 1}`, competitionId, heatId: heats[i < 5 ? 0 : 1]!, name, members: [], table: String(i < 3 ? 1 : 2), seat: String((i % 3) + 1) }))
	});
	return { eventId, eventName: created.event.name, org, competitionId, heats };
}

/** The QR code's text, decoded from the card's picture (its pixels read on a blank page of its own, with jsQR here). */
async function qrText(page: Page, table: string): Promise<string | null> {
	const png = await page.locator(`[data-testid="table-card"][data-table="${table}"] [data-testid="table-card-qr"]`).screenshot();
	const blank = await page.context().newPage();
	try {
		const image = await blank.evaluate(async (src) => {
			const img = new Image();
			img.src = src;
			await img.decode();
			const canvas = document.createElement('canvas');
			canvas.width = img.naturalWidth;
			canvas.height = img.naturalHeight;
			const ctx = canvas.getContext('2d')!;
			ctx.drawImage(img, 0, 0);
			return { data: Array.from(ctx.getImageData(0, 0, canvas.width, canvas.height).data), width: canvas.width, height: canvas.height };
		}, `data:image/png;base64,${png.toString('base64')}`);
		return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
	} finally {
		await blank.close();
	}
}

async function blankTablet(browser: Browser) {
	const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
	return { context, page: await context.newPage() };
}

test('a table card pairs a blank tablet with one scan and opens its table; one tap after the name, the heat runs', async ({ page, browser }) => {
	// A long scenario: three times the default budget, for a busy machine.
	test.slow();
	const heat = await seatedHeat();
	await signInOrganizer(page, heat.org, heat.eventId, heat.eventName);
	await openOrganizer(page, 'seating');
	const panel = page.getByTestId('table-cards-panel');
	await panel.getByTestId('cards-heat').selectOption({ label: 'Individuals · Heat 1' });
	await panel.getByTestId('cards-open').click();
	await expect(page).toHaveURL(/\/organizer\/seating\/cards\?heat=/);
	// Opening the page prints nothing: the tables, none with a live card, and the explicit step.
	await expect(page.getByTestId('cards-table-row')).toHaveCount(2);
	await expect(page.getByTestId('cards-live')).toHaveText(['0', '0']);
	await expect(page.getByTestId('table-card')).toHaveCount(0);
	await expect(page.getByTestId('cards-issue-panel')).toContainText('pairs any number of tablets');
	await expect(page.getByTestId('cards-issue-panel')).toContainText('keeps its key after the card expires');
	await page.getByRole('button', { name: 'Print cards for Heat 1' }).click();
	await expect(page.getByTestId('cards-issued')).toBeVisible();
	await expect(page.getByTestId('cards-live')).toHaveText(['1', '1']);

	const card2 = page.locator('[data-testid="table-card"][data-table="2"]');
	await expect(page.getByTestId('table-card')).toHaveCount(2);
	await expect(card2.getByRole('heading', { level: 1 })).toHaveText('Table 2');
	await expect(card2).toContainText(`${heat.eventName} · Individuals · Heat 1`);
	await expect(card2.getByTestId('table-card-seat')).toHaveText(['Seat 1 Dana Černá', 'Seat 2 Emil Procházka']);
	await expect(card2.locator('svg')).toBeVisible();
	const printedLink = (await card2.getByTestId('table-card-link').textContent())!.trim();
	const scanned = await qrText(page, '2');
	expect(scanned, 'the QR code holds the link printed under it').toBe(printedLink);
	expect(new URL(printedLink).pathname).toBe('/pair');
	expect(new URL(printedLink).hash).toContain('card=');
	await screen(page, 'table-cards');

	await test.step('a blank tablet scans table 2’s card: it lands on table 2 of heat 1, asks the name once, Start runs the seats', async () => {
		const { context, page: judge } = await blankTablet(browser);
		try {
			const t0 = Date.now();
			await judge.goto(scanned!);
			await expect(judge).toHaveURL(new RegExp(`/station\\?competition=${heat.competitionId}&heat=${heat.heats[0]}&table=2$`));
			await expect(judge.getByTestId('judge-ask-heat')).toContainText('Heat 1');
			await expect(judge.getByTestId('judge-ask-heat')).toContainText('2');
			const landed = Date.now() - t0;
			await judge.getByTestId('judge-ask-name').fill('Eva');
			await judge.getByTestId('judge-ask-go').click();
			const seats = judge.getByTestId('seat');
			await expect(seats).toHaveCount(2);
			await expect(seats.filter({ hasText: 'Dana Černá' })).toBeVisible();
			await expect(seats.filter({ hasText: 'Emil Procházka' })).toBeVisible();
			await judge.getByTestId('start').click();
			for (const name of ['Dana Černá', 'Emil Procházka']) await expect(seats.filter({ hasText: name }).getByTestId('status')).toHaveText('Running');
			const running = Date.now() - t0;
			test.info().annotations.push({ type: 'scan to running heat', description: `${running} ms (landed on the table in ${landed} ms); one scan, the judge's name, one tap on Start` });
			console.log(`table card: scan → table ${landed} ms, scan → running heat ${running} ms`);
		} finally {
			await context.close();
		}
	});

	await test.step('a second blank tablet scanning the same card gets a token of its own; the card lists two tablets', async () => {
		const { context, page: spare } = await blankTablet(browser);
		try {
			await spare.goto(printedLink);
			await expect(spare.getByTestId('judge-ask-name')).toBeVisible();
		} finally {
			await context.close();
		}
		const devices = expectStatus(await call('GET', `/api/events/${heat.eventId}/devices`, { token: heat.org }), 200, 'devices').body as { devices: { label: string; role: string; deviceIds: string[] }[] };
		const fromCard = devices.devices.filter((d) => /table 2 \(tablet \d of its card\)/.test(d.label));
		expect(fromCard).toHaveLength(2);
		expect(new Set(fromCard.map((d) => d.deviceIds.join()))).toHaveProperty('size', 2);
	});

	await test.step('the organizer revokes the card: a tablet scanning it is refused', async () => {
		await page.goto('/organizer/seating');
		const row = page.locator('[data-testid="card-row"][data-table="2"][data-state="live"]');
		await expect(row).toHaveCount(1);
		await expect(row.locator('td.num')).toHaveText('2');
		await row.getByTestId('card-revoke').click();
		await expect(page.locator('[data-testid="card-row"][data-table="2"][data-state="revoked"]')).toHaveCount(1);
		const { context, page: late } = await blankTablet(browser);
		try {
			await late.goto(printedLink);
			await expect(late.getByTestId('pair-problem')).toContainText('revoked');
			await expect(late).toHaveURL(/\/pair$/);
		} finally {
			await context.close();
		}
	});
});

/** The heat's live cards per table, as the server lists them. */
async function liveCards(heat: Awaited<ReturnType<typeof seatedHeat>>): Promise<Record<string, number>> {
	const listed = expectStatus(await call('GET', `/api/events/${heat.eventId}/cards`, { token: heat.org }), 200, 'list cards').body as {
		cards: { heatId: string; table: string; expiresAt: number; revokedAt: number | null }[];
	};
	const live: Record<string, number> = {};
	for (const c of listed.cards) if (c.heatId === heat.heats[0] && c.revokedAt === null && c.expiresAt > Date.now()) live[c.table] = (live[c.table] ?? 0) + 1;
	return live;
}

test('issue 29 #7: visiting the cards page twice issues no card; a lost card is reprinted alone, the earlier one revoked', async ({ page }) => {
	const heat = await seatedHeat();
	await signInOrganizer(page, heat.org, heat.eventId, heat.eventName);
	await openOrganizer(page, 'seating');
	await page.getByTestId('table-cards-panel').getByTestId('cards-heat').selectOption({ label: 'Individuals · Heat 1' });
	await page.getByTestId('table-cards-panel').getByTestId('cards-open').click();
	await expect(page).toHaveURL(/\/organizer\/seating\/cards\?heat=/);
	const cardsPage = page.url();
	await expect(page.getByTestId('cards-live')).toHaveText(['0', '0']);
	await page.getByTestId('cards-issue').click();
	await expect(page.getByTestId('table-card')).toHaveCount(2);
	await expect(page.getByTestId('cards-live')).toHaveText(['1', '1']);
	expect(await liveCards(heat)).toEqual({ '1': 1, '2': 1 });

	for (let visit = 1; visit <= 2; visit++) {
		await page.goto(cardsPage);
		await expect(page.getByTestId('cards-live'), `visit ${visit}`).toHaveText(['1', '1']);
		await expect(page.getByTestId('table-card')).toHaveCount(0);
		expect(await liveCards(heat), `visit ${visit}`).toEqual({ '1': 1, '2': 1 });
	}

	// Table 2's card was lost: only that table, the earlier card of it revoked (the default).
	await page.getByTestId('cards-choose-all').uncheck();
	await expect(page.getByTestId('cards-issue')).toBeDisabled();
	await page.locator('[data-testid="cards-table-row"][data-table="2"]').getByTestId('cards-choose').check();
	await expect(page.getByTestId('cards-revoke-earlier')).toBeChecked();
	await page.getByRole('button', { name: 'Print cards for Heat 1: Table 2 only' }).click();
	await expect(page.getByTestId('cards-issued')).toContainText('revoked');
	await expect(page.getByTestId('table-card')).toHaveCount(1);
	await expect(page.locator('[data-testid="table-card"][data-table="2"]')).toHaveCount(1);
	await expect(page.getByTestId('cards-live')).toHaveText(['1', '1']);
	expect(await liveCards(heat)).toEqual({ '1': 1, '2': 1 });
});

test('a token from a table card pushes its heat’s events, and is refused another heat’s', async () => {
	const heat = await seatedHeat();
	const paired = { token: await pairByCard(await printedCardSecret(heat.eventId, heat.org, heat.heats[0]!), 'tab-card') };
	const own = new DeviceLog({ deviceId: 'tab-card', judge: 'Eva', competitionId: heat.competitionId, heatId: heat.heats[0]! });
	const other = new DeviceLog({ deviceId: 'tab-card', judge: 'Eva', competitionId: heat.competitionId, heatId: heat.heats[1]!, firstSeq: 10 });
	const events = [own.start(Date.now(), [`${heat.competitionId}-e1`]), other.start(Date.now(), [`${heat.competitionId}-e6`])];
	const pushed = expectStatus(await call('POST', `/api/events/${heat.eventId}/judge-events`, { token: paired.token, json: { events } }), 200, 'push').body as { stored: unknown[]; refused: { index: number; reason: string }[] };
	expect(pushed.stored).toHaveLength(1);
	expect(pushed.refused).toEqual([{ index: 1, id: events[1]!.id, reason: expect.stringMatching(/table card .* may not push events of heat/) }]);
});

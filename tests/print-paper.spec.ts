import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { createEvent, RULESET, RUN, writeSetup } from './sync-kit';

/**
 * Issue 30 #17, the papers of seating on A4 (page.pdf(): print media, the pages' own @page size
 * and margins): the seat plan's boxes of tables lie within the printable width, whatever the
 * column; the table cards go two to a page with a cut line between them, and no blank page after
 * the last.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

/** A4's printable width in CSS px: 210 mm less the 12 mm side margins of sheet.css's @page. */
const PRINTABLE_WIDTH_PX = ((210 - 2 * 12) * 96) / 25.4;
const FIRST = ['Alena', 'Bohdan', 'Cecílie', 'Dušan', 'Eliška', 'František', 'Gabriela', 'Hynek', 'Irena', 'Jakub', 'Kristýna', 'Ladislav'];
/** With a name longer than a column is wide, with no place to break it (it happens: a double surname written as one). */
const LAST = ['Procházková', 'Wolfeschlegelsteinhausenbergerdorff', 'Dvořáková', 'Černý'];

/** A heat of 48 seated at 12 tables of 4 (the long Czech names of a real register). */
async function seatedHeat(tables: number) {
	const { eventId, token: org, event } = await createEvent(`Paper ${RUN}`);
	const c = `paper-${RUN}-${tables}`;
	const heatId = `${c}-h1`;
	await writeSetup(eventId, org, {
		rulesets: [RULESET],
		competitions: [{ id: c, eventId, name: 'CZJPA individual', ruleset: { id: RULESET.id, version: RULESET.version } }],
		heats: [{ id: heatId, competitionId: c, name: 'Heat 1' }],
		entries: Array.from({ length: tables * 4 }, (_, i) => ({
			id: `${c}-e${i + 1}`,
			competitionId: c,
			heatId,
			name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
			members: [],
			table: String(Math.floor(i / 4) + 1),
			seat: String((i % 4) + 1)
		}))
	});
	return { eventId, eventName: event.name, org, heatId };
}

/** The number of pages of a PDF: its page objects. */
const pdfPageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;

/** Keeps a PDF beside the run's other pictures, to look at. */
function keep(pdf: Buffer, name: string) {
	mkdirSync('test-results/screens-i30', { recursive: true });
	writeFileSync(`test-results/screens-i30/${name}.pdf`, pdf);
}

async function onPaper(page: Page) {
	await page.emulateMedia({ media: 'print' });
	await page.setViewportSize({ width: Math.floor(PRINTABLE_WIDTH_PX), height: 1100 });
}

test('issue 30 #17: the seat plan’s boxes of tables lie within A4’s printable width, the third column’s right border too', async ({ page }) => {
	const heat = await seatedHeat(12);
	await signInOrganizer(page, heat.org, heat.eventId, heat.eventName);
	await page.goto(`/organizer/seating/plan?heat=${heat.heatId}`);
	await expect(page.getByTestId('plan-table')).toHaveCount(12);
	await onPaper(page);
	const boxes = await page.getByTestId('plan-table').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
	const columns = new Set(await page.getByTestId('plan-table').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left))));
	expect(columns.size, 'tables side by side on the page').toBeGreaterThan(1);
	for (const [i, right] of boxes.entries()) expect(right, `table ${i + 1}'s right border`).toBeLessThanOrEqual(PRINTABLE_WIDTH_PX);
	// And each name within its table's box.
	const spilled = await page.getByTestId('plan-table').evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.getAttribute('data-table')));
	expect(spilled, 'tables whose names spill out of the box').toEqual([]);
	expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing wider than the page').toBeLessThanOrEqual(Math.floor(PRINTABLE_WIDTH_PX));
	keep(await page.pdf({ preferCSSPageSize: true, printBackground: true }), 'seat-plan');
});

test('issue 30 #17: five table cards print on three A4 pages, two to a page with a cut line between, no blank page at the end', async ({ page }) => {
	const heat = await seatedHeat(5);
	await signInOrganizer(page, heat.org, heat.eventId, heat.eventName);
	await openOrganizer(page, 'seating');
	await page.goto(`/organizer/seating/cards?heat=${heat.heatId}`);
	await page.getByTestId('cards-issue').click();
	await expect(page.getByTestId('table-card')).toHaveCount(5);
	await expect(page.getByTestId('table-card-qr').locator('svg')).toHaveCount(5);
	await onPaper(page);
	// Every card within the printable width, and a cut line on the paper between two cards of a page.
	for (const right of await page.getByTestId('table-card').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right)))
		expect(right).toBeLessThanOrEqual(PRINTABLE_WIDTH_PX);
	await expect(page.getByTestId('card-cut')).toHaveCount(3);
	const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
	keep(pdf, 'table-cards');
	expect(pdfPageCount(pdf)).toBe(3);
});

import { expect, test } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DeviceLog } from '../src/lib/events/builder';
import { ownCompetition, openOrganizer, signInOrganizer } from './organizer-kit';

/**
 * The printable results (/organizer/print): what the browser's "Save as PDF" gives, made with
 * page.pdf() (print media, the page's own @page size and margins) and read back with pdf.js.
 */

const T0 = Date.UTC(2026, 4, 16, 9);
const MIN = 60_000;
const auth = (t: string) => ({ authorization: `Bearer ${t}`, accept: 'application/json' });

/** The text of every page of a PDF, one string per page. */
async function pdfPages(pdf: Buffer): Promise<string[]> {
	const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
	const pages: string[] = [];
	for (let i = 1; i <= doc.numPages; i++) {
		const content = await (await doc.getPage(i)).getTextContent();
		pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' '));
	}
	return pages;
}

test('the printable results hold the event, the competition, the ruleset version, the places and names, and page numbers', async ({ page, request }) => {
	const own = await ownCompetition('print', 'es-adult-individual', ['Lucía Núñez', 'Jiří Čermák', 'Ana']);
	const entries = own.entryIds.map((id, i) => ({ id, name: ['Lucía Núñez', 'Jiří Čermák', 'Ana'][i]! }));
	const ruleset = own.ruleset;
	const log = new DeviceLog({ deviceId: `print-${Date.now()}`, judge: 'Eva', competitionId: own.competitionId, heatId: own.heatId });
	log.start(T0, entries.map((e) => e.id));
	log.confirm(log.hand(entries[0]!.id, T0 + 52 * MIN), T0 + 53 * MIN, 0);
	log.confirm(log.hand(entries[1]!.id, T0 + 41 * MIN), T0 + 42 * MIN, 0);
	expect((await request.post(`/api/events/${own.eventId}/judge-events`, { headers: auth(own.judge), data: { events: log.events } })).status()).toBe(200);

	await signInOrganizer(page, own.org, own.eventId, own.eventName);
	await openOrganizer(page, 'review');
	const table = page.locator(`[data-testid="org-standings"][data-competition="${own.competitionId}"]`);
	await expect(table.locator(`tr[data-entry="${entries[1]!.id}"]`).getByTestId('place')).toHaveText('1');
	await page.locator('details').filter({ has: table }).getByTestId('results-print').click();
	await expect(page).toHaveURL(new RegExp(`/organizer/print\\?competition=${own.competitionId}$`));
	await expect(page.getByTestId('print-standings')).toContainText(entries[1]!.name);

	const pages = await pdfPages(await page.pdf({ preferCSSPageSize: true }));
	const text = pages.join('\n');
	// The PDF's text comes back cut where the font set a ligature ("ff" in a random name: "mxb ff ud3"): the name is compared without spaces.
	expect(text.replace(/ /g, '')).toContain(own.eventName.replace(/ /g, ''));
	expect(text).toContain(`${ruleset.id} v${ruleset.version}`);
	// Places and names, in order: the faster finisher first.
	expect(text).toMatch(new RegExp(`1 ${escape(entries[1]!.name)} .*41:00.*2 ${escape(entries[0]!.name)} .*52:00`));
	// Pieces per minute of the 41:00 finisher: all 200 pieces over the final time.
	expect(text).toContain((200 / 41).toFixed(2));
	// Nothing of the screen: no print button, no sync badge.
	expect(text).not.toContain('Print or save as PDF');
	expect(text).not.toMatch(/Not paired|Online|Offline/);
	// Page numbers in the margin of every page.
	pages.forEach((p, i) => expect(p).toContain(`${i + 1} / ${pages.length}`));
});

test('the print page says what is wrong with a bad or unknown competition', async ({ page }) => {
	await page.goto('/organizer/print?competition=%3Cbad%3E');
	await expect(page.getByRole('alert')).toContainText('Which competition?');
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

import { expect, test, type Page } from '@playwright/test';
import { presetById } from '../src/lib/rules/presets';
import { signInOrganizer } from './organizer-kit';
import { call, DAY, expectStatus, RUN, writeSetup } from './sync-kit';

/**
 * A printed draw can be repeated from its own words (issue 30 #4, CZ-TEAM-DRAW, ES-SHIFT): the
 * printout of a Czech relay's teams drawn with a Czech seed, and of a Spanish turn lottery with
 * preferred turns, places and a swap, each in its event's language, is read as text; this file's
 * own implementation, written from the printed procedure (not the product's code), repeats both
 * draws from what the page says and gets the printed result.
 */

// ---- The printed procedure, as a reader of the page would code it -------------------------

/** "32-bit FNV-1a over its UTF-16 code units … h = ((h XOR c) × 16777619) mod 2³²" */
function fnv1aUtf16(text: string): number {
	let h = 2166136261;
	for (let i = 0; i < text.length; i++) h = Number((BigInt((h ^ text.charCodeAt(i)) >>> 0) * 16777619n) % 2n ** 32n);
	return h;
}

/** The same over UTF-8 bytes: what a script that is not told otherwise would do. */
function fnv1aUtf8(text: string): number {
	let h = 2166136261;
	for (const byte of new TextEncoder().encode(text)) h = Number((BigInt((h ^ byte) >>> 0) * 16777619n) % 2n ** 32n);
	return h;
}

const U32 = 2n ** 32n;
const u32 = (x: bigint) => ((x % U32) + U32) % U32;
const imul = (x: bigint, y: bigint) => u32(x * y);

/** mulberry32 as printed: every step on unsigned 32-bit integers, mod 2³². */
function mulberry32(seed: number): () => number {
	let a = BigInt(seed);
	return () => {
		a = u32(a + 0x6d2b79f5n);
		let t = imul(a ^ (a >> 15n), a | 1n);
		t = t ^ u32(t + imul(t ^ (t >> 7n), t | 61n));
		return Number(t ^ (t >> 14n)) / 2 ** 32;
	};
}

/** "for i from n − 1 down to 1, take the next r, j = floor(r × (i + 1)), swap places i and j" */
function fisherYates<T>(list: readonly T[], next: () => number): T[] {
	const out = [...list];
	for (let i = out.length - 1; i >= 1; i--) {
		const j = Math.floor(next() * (i + 1));
		[out[i], out[j]] = [out[j]!, out[i]!];
	}
	return out;
}

/** The organizer's seating screen in `lang` (the viewer's own choice: it follows the viewer, not the event), pictured at both sizes. */
async function seatingPictures(page: Page, lang: 'cs' | 'es', name: string, open: (page: Page) => Promise<void>) {
	await page.evaluate((l) => localStorage.setItem('PARAGLIDE_LOCALE', l), lang);
	await page.goto('/organizer/seating');
	await expect(page.locator('html')).toHaveAttribute('lang', lang);
	await open(page);
	for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
		await page.setViewportSize(size);
		await page.screenshot({ path: `test-results/screens-i30/${name}-${lang}-${size.width}.png`, fullPage: true });
	}
}

const asciiSorted = (ids: readonly string[]) => [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

// ---- Reading the page -------------------------------------------------------------------------

const idsIn = (text: string) => [...text.matchAll(/\(([^()]+)\)/g)].map((x) => x[1]!);
/** The hash the page gives for this seed: "h = 1534543103 (0x5b7744ff)" (the first "h = 2166136261" is FNV-1a's start). */
const printedHash = (text: string) => Number(/h = (\d+) \(0x[0-9a-f]{8}\)/.exec(text)?.[1]);
const cellsOf = async (page: Page, testid: string) =>
	Promise.all((await page.getByTestId(testid).locator('tbody tr').all()).map(async (row) => (await row.locator('td').allTextContents()).map((c) => c.trim())));

async function eventIn(language: 'cs' | 'es', name: string) {
	return expectStatus(await call('POST', '/api/events', { json: { event: { name, date: DAY, language } } }), 201, name).body as { eventId: string; token: string; event: { name: string } };
}

test('CZ-TEAM-DRAW: the printed teams, drawn with a Czech seed, are repeated from the printed Czech words alone (issue 30 #4)', async ({ page }) => {
	test.setTimeout(120_000);
	const RELAY = presetById('czjpa-team-relay')!;
	const { eventId, token, event } = await eventIn('cs', `Štafeta ${RUN}`);
	const relay = `stafeta-${RUN}`;
	await writeSetup(eventId, token, { rulesets: [RELAY], competitions: [{ id: relay, eventId, name: 'Štafeta CZJPA', ruleset: { id: RELAY.id, version: RELAY.version } }], heats: [] });
	const names = ['Šárka Nováková', 'Vojtěch Ďurica', 'Jiří Šťastný', 'Eliška Černá', 'Tomáš Kříž', 'Zuzana Malá', 'Petr Dvořák', 'Kateřina Růžičková', 'Ondřej Svoboda', 'Lucie Veselá'];
	for (const [i, name] of names.entries()) {
		const id = `o${String(i + 1).padStart(2, '0')}`;
		expectStatus(await call('POST', `/api/events/${eventId}/people`, { token, json: { person: { id, name, birthDate: '1990-01-01' } } }), 201, id);
		expectStatus(await call('POST', `/api/events/${eventId}/registrations`, { token, json: { registration: { id: `r-${id}`, competitionId: relay, memberIds: [id] } } }), 201, id);
	}
	const SEED = 'Brno-2026-stafeta-Šťastná';
	expectStatus(await call('POST', `/api/events/${eventId}/draws`, { token, json: { competitionId: relay, seed: SEED, leftoverChoice: 'short-team', teamName: 'Tým' } }), 201, 'draw');

	await signInOrganizer(page, token, eventId, event.name);
	await page.goto(`/organizer/seating/draw?competition=${relay}`);
	const sheet = page.getByTestId('printed-draw');
	await expect(sheet).toBeVisible();
	await page.screenshot({ path: 'test-results/screens-i30/draw-print-teams-cs-1280.png', fullPage: true });
	await page.setViewportSize({ width: 390, height: 844 });
	await page.screenshot({ path: 'test-results/screens-i30/draw-print-teams-cs-390.png', fullPage: true });
	await page.setViewportSize({ width: 1280, height: 800 });

	// In the event's language (the browser's is English), the procedure too.
	await expect(page.locator('main')).toHaveAttribute('lang', 'cs');
	await expect(sheet.getByRole('heading', { name: 'Jak losování zopakovat' })).toBeVisible();
	await expect(sheet.getByRole('heading', { name: 'Vylosované týmy', exact: true })).toBeVisible();
	const words = (await sheet.textContent())!;
	expect(words).not.toMatch(/Sort the|Shuffle|hash the seed/i);
	expect(words).toContain('UTF-16');

	// Everything the procedure reads, from the page.
	const seed = (await sheet.getByTestId('printed-seed').textContent())!;
	expect(seed).toBe(SEED);
	const input = (await sheet.getByTestId('printed-input').textContent())!.split('\n').map((line) => line.trim().split(/\s+/)[0]!);
	expect(input).toEqual(asciiSorted(input));
	const h = fnv1aUtf16(seed);
	expect(printedHash((await sheet.getByTestId('procedure-hash').textContent())!), 'the printed hash is FNV-1a of the UTF-16 code units').toBe(h);
	expect(fnv1aUtf8(seed), 'over UTF-8 bytes this seed hashes otherwise: the page must say which').not.toBe(h);
	await expect(sheet.getByTestId('procedure-mulberry32')).toHaveText(/a = a \+ 0x6D2B79F5[\s\S]*t = imul\(a XOR \(a >>> 15\), a OR 1\)[\s\S]*t = t XOR \(t \+ imul\(t XOR \(t >>> 7\), t OR 61\)\)[\s\S]*r = \(t XOR \(t >>> 14\)\) \/ 2\^32/);

	// Repeated: shuffle, cut into fours; the two left over kept as a smaller team (printed as such).
	const shuffled = fisherYates(input, mulberry32(h));
	const fours = Array.from({ length: Math.floor(shuffled.length / 4) }, (_, k) => shuffled.slice(4 * k, 4 * k + 4));
	const printedTeams = (await sheet.getByTestId('printed-teams').locator('li').allTextContents()).map((t) => idsIn(t).filter((id) => input.includes(id)));
	expect(printedTeams).toEqual([...fours, shuffled.slice(fours.length * 4)]);

	// The draw panel's "how to check" says the same steps, in the screen's language.
	await seatingPictures(page, 'cs', 'draw-seating-teams', async (p) => {
		const panel = p.getByTestId('team-draw');
		await panel.getByText('Jak tento los ověřit').click();
		await expect(panel.getByTestId('draw-procedure')).toContainText('UTF-16');
	});
});

test('ES-SHIFT: the printed turn lottery, with preferred turns, places and a swap, is repeated from the printed Spanish words alone (issue 30 #4, #18)', async ({ page }) => {
	test.setTimeout(120_000);
	const ES = presetById('es-adult-individual')!;
	const { eventId, token, event } = await eventIn('es', `Turnos ${RUN}`);
	const comp = `turnos-${RUN}`;
	// A turn whose ID looks like a number: the draw goes through it first (a record's key order); the page says so by its order.
	const heats = [
		{ id: `${comp}-manana`, competitionId: comp, name: 'Mañana' },
		{ id: `${comp}-tarde`, competitionId: comp, name: 'Tarde' },
		{ id: '7', competitionId: comp, name: 'Noche' }
	];
	await writeSetup(eventId, token, { rulesets: [ES], competitions: [{ id: comp, eventId, name: 'Individual', ruleset: { id: ES.id, version: ES.version } }], heats });
	const prefers = (i: number) => (i <= 8 ? heats[0]!.id : i <= 11 ? heats[1]!.id : undefined);
	for (let i = 1; i <= 14; i++) {
		const id = `j${String(i).padStart(2, '0')}`;
		expectStatus(await call('POST', `/api/events/${eventId}/people`, { token, json: { person: { id, name: `Jugadora ${String(i).padStart(2, '0')}`, birthDate: '1990-01-01' } } }), 201, id);
		const p = prefers(i);
		expectStatus(await call('POST', `/api/events/${eventId}/registrations`, { token, json: { registration: { id: `t${id}`, competitionId: comp, memberIds: [id], ...(p ? { preferredTurn: p } : {}) }, despiteProblems: true } }), 201, id);
	}
	const drawn = expectStatus(await call('POST', `/api/events/${eventId}/draws/turns`, { token, json: { competitionId: comp, seed: 'sorteo Álava 2026', capacities: { [heats[0]!.id]: 5, [heats[1]!.id]: 5, '7': 3 } } }), 201, 'draw').body as { draw: { id: string; assigned: Record<string, string> } };
	const a = Object.keys(drawn.draw.assigned).find((id) => drawn.draw.assigned[id] === heats[0]!.id)!;
	const b = Object.keys(drawn.draw.assigned).find((id) => drawn.draw.assigned[id] === heats[1]!.id)!;
	expectStatus(await call('POST', `/api/events/${eventId}/draws/${drawn.draw.id}/swaps`, { token, json: { a, b } }), 201, 'swap');

	await signInOrganizer(page, token, eventId, event.name);
	await page.goto(`/organizer/seating/draw?competition=${comp}`);
	const sheet = page.getByTestId('printed-draw');
	await expect(sheet).toBeVisible();
	await page.screenshot({ path: 'test-results/screens-i30/draw-print-turns-es-1280.png', fullPage: true });
	await page.setViewportSize({ width: 390, height: 844 });
	await page.screenshot({ path: 'test-results/screens-i30/draw-print-turns-es-390.png', fullPage: true });
	await page.setViewportSize({ width: 1280, height: 800 });

	// In Spanish, and a turn lottery is worded as turns (#18), not teams.
	await expect(page.locator('main')).toHaveAttribute('lang', 'es');
	await expect(sheet.getByRole('heading', { name: 'Los turnos sorteados' })).toBeVisible();
	await expect(sheet.getByRole('heading', { name: 'Cómo repetir este sorteo' })).toBeVisible();
	const words = (await sheet.textContent())!;
	expect(words).not.toMatch(/equipos sorteados|Sort the|Shuffle|hash the seed/i);

	// Everything the procedure reads, from the page: seed, both hashes, turns with places in order, input with preferences, swaps.
	const seed = (await sheet.getByTestId('printed-seed').textContent())!;
	const h = fnv1aUtf16(seed);
	expect(printedHash((await sheet.getByTestId('procedure-hash').textContent())!)).toBe(h);
	const restText = (await sheet.getByTestId('procedure-rest-hash').textContent())!;
	expect(restText).toContain(`«${seed}/rest»`);
	const hRest = fnv1aUtf16(`${seed}/rest`);
	expect(printedHash(restText)).toBe(hRest);
	const turns = (await cellsOf(page, 'printed-turns')).map(([id, name, places]) => ({ id: id!, name: name!, places: Number(places) }));
	expect(turns.map((t) => t.name)).toEqual(['Noche', 'Mañana', 'Tarde']);
	const input = (await cellsOf(page, 'printed-input')).map(([id, , preferred]) => ({ id: id!, prefers: turns.some((t) => t.id === preferred) ? preferred! : null }));
	expect(input.map((r) => r.id)).toEqual(asciiSorted(input.map((r) => r.id)));
	expect(input.filter((r) => r.prefers).length).toBe(11);
	const swaps = (await sheet.getByTestId('printed-swaps').locator('li').allTextContents()).map((t) => idsIn(t).slice(0, 2) as [string, string]);

	// Repeated as printed: shuffle, preferences while there is room, the rest by the second generator, then the swaps.
	const order = fisherYates(input, mulberry32(h));
	const room = new Map(turns.map((t) => [t.id, t.places]));
	const turnOf = new Map<string, string>();
	const waiting: string[] = [];
	for (const r of order) {
		if (r.prefers && room.get(r.prefers)! > 0) {
			turnOf.set(r.id, r.prefers);
			room.set(r.prefers, room.get(r.prefers)! - 1);
		} else waiting.push(r.id);
	}
	const next = mulberry32(hRest);
	const none: string[] = [];
	for (const id of waiting) {
		const open = turns.filter((t) => room.get(t.id)! > 0).map((t) => t.id);
		if (open.length === 0) {
			none.push(id);
			continue;
		}
		const turn = open[Math.floor(next() * open.length)]!;
		turnOf.set(id, turn);
		room.set(turn, room.get(turn)! - 1);
	}
	for (const [x, y] of swaps) {
		const tx = turnOf.get(x)!;
		turnOf.set(x, turnOf.get(y)!);
		turnOf.set(y, tx);
	}
	expect(swaps).toEqual([[a, b]]);

	// The printed result, turn by turn (found by the name above it), and who had no place.
	for (const printed of await sheet.getByTestId('printed-turn').all()) {
		const turnName = (await printed.locator('xpath=preceding-sibling::h4[1]').textContent())!;
		const turn = turns.find((t) => t.name === turnName)!;
		expect(idsIn((await printed.textContent())!).sort(), turnName).toEqual([...turnOf].filter(([, t]) => t === turn.id).map(([id]) => id).sort());
	}
	expect(none).toHaveLength(1);
	expect(idsIn((await sheet.getByTestId('printed-unplaced').textContent())!)).toEqual(none);

	// The lottery's seed hint speaks of turns (#18), in Spanish too.
	await seatingPictures(page, 'es', 'draw-seating-turns', async (p) => {
		await expect(p.getByTestId('shift-lottery')).toContainText('dan los mismos turnos en cualquier dispositivo');
		await expect(p.getByTestId('shift-lottery')).not.toContainText('equipos');
	});
});

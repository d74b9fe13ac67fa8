import { expect, type Locator, type Page } from '@playwright/test';
import { presetById } from '../src/lib/rules/presets';
import type { Ruleset } from '../src/lib/rules/schema';
import { addDevice, createEvent, RUN, writeSetup } from './sync-kit';

/** Signs this browser in on /organizer with an organizer key of event `eventId` (default: the demo event). */
export async function signInOrganizer(page: Page, key: string, eventId = 'demo', eventName: string | RegExp = 'Demo puzzle day'): Promise<void> {
	await page.goto('/organizer');
	const form = page.locator('form').filter({ has: page.getByLabel('Organizer key') });
	await form.getByLabel('Event ID').fill(eventId);
	await form.getByLabel('Organizer key').fill(key);
	await form.getByRole('button', { name: 'Sign in' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toContainText(eventName);
}

/** The organizer's screens under /organizer (src/lib/organizer/sections.ts). */
export type OrganizerSection = 'event' | 'register' | 'seating' | 'setup' | 'live' | 'review' | 'devices';

/** Opens one of the signed-in organizer's screens from the navigation of its header. */
export async function openOrganizer(page: Page, section: OrganizerSection): Promise<void> {
	await page.locator(`nav a[href="/organizer/${section}"]`).click();
	await expect(page).toHaveURL(new RegExp(`/organizer/${section}$`));
}

export interface OwnCompetition {
	eventId: string;
	eventName: string;
	/** The organizer key. */
	org: string;
	/** A judge tablet's token. */
	judge: string;
	competitionId: string;
	heatId: string;
	entryIds: string[];
	ruleset: Ruleset;
}

/**
 * An event of its own with one competition of `presetId`, one heat and entries named `names`
 * (tables 1, 2 …): a spec that needs particular results does not share the demo event's with
 * the other specs of the run.
 */
export async function ownCompetition(tag: string, presetId: string, names: string[]): Promise<OwnCompetition> {
	const ruleset = presetById(presetId)!;
	const created = await createEvent(`${tag} ${RUN}`);
	const competitionId = `${tag}-${RUN}`;
	const heatId = `${competitionId}-h1`;
	const entryIds = names.map((_, i) => `${competitionId}-e${i + 1}`);
	await writeSetup(created.eventId, created.token, {
		rulesets: [ruleset],
		competitions: [{ id: competitionId, eventId: created.eventId, name: `${tag} competition`, ruleset: { id: ruleset.id, version: ruleset.version } }],
		heats: [{ id: heatId, competitionId, name: 'Heat 1' }],
		entries: names.map((name, i) => ({ id: entryIds[i]!, competitionId, heatId, name, members: [], table: String(i + 1), seat: '1' }))
	});
	const judge = await addDevice(created.eventId, created.token, 'judge', `${tag} table`);
	return { eventId: created.eventId, eventName: created.event.name, org: created.token, judge: judge.token, competitionId, heatId, entryIds, ruleset };
}

/** A competition's card on the event screen, by its name. */
export const competitionCard = (page: Page, name: string): Locator => page.getByTestId('competition').filter({ has: page.getByRole('heading', { level: 3, name }) });

/** Adds a competition from a rule preset on the event screen, named `name`; its card. */
export async function addFromPreset(page: Page, preset: string, name: string): Promise<Locator> {
	const form = page.locator('#add-competition').locator('..');
	await form.getByLabel('Rule preset').selectOption(preset);
	await form.getByLabel('Name of the competition').fill(name);
	await form.getByRole('button', { name: 'Add the competition' }).click();
	const card = competitionCard(page, name);
	await expect(card).toBeVisible();
	return card;
}

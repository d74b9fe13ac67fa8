import { expect, type Page } from '@playwright/test';

/** Signs this browser in on /organizer with an organizer key of event `eventId` (default: the demo event). */
export async function signInOrganizer(page: Page, key: string, eventId = 'demo', eventName: string | RegExp = 'Demo puzzle day'): Promise<void> {
	await page.goto('/organizer');
	const form = page.locator('form').filter({ has: page.getByLabel('Organizer key') });
	await form.getByLabel('Event ID').fill(eventId);
	await form.getByLabel('Organizer key').fill(key);
	await form.getByRole('button', { name: 'Sign in' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toContainText(eventName);
}

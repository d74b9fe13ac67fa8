import { beforeAll, describe, expect, it, vi } from 'vitest';
import { device, disconnectAfterEach } from '$lib/session/device.testkit';
import { StationJudge } from './judge.svelte';
import { HOLDS_HEATS_KEY } from './quick-setup-fold';
import { StationScreen } from './station-screen.svelte';
import { loadHeatScreen } from './heat-screen';

const keep = disconnectAfterEach();
beforeAll(() => loadHeatScreen().then(() => undefined), 60_000);

/** A new tablet's station, on its home. */
async function newTablet() {
	const d = device();
	keep(d.session.connect());
	await d.session.opened();
	const storage = new Map<string, string>();
	const judge = new StationJudge();
	judge.set('Eva');
	const navigate = vi.fn();
	const screen = new StationScreen(d.session, { judge, storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) }, navigate });
	await screen.route(new URL('http://judge.test/station'));
	return { screen, storage, navigate };
}

describe('StationScreen: the home gives way to a quick set-up’s heat', () => {
	it('from a set-up stored until its heat shows, the home loads nothing more; the next home starts folded', async () => {
		const { screen, storage, navigate } = await newTablet();
		expect(screen.leaving).toBe(false);
		await screen.quick({ presetId: 'czjpa-individual', seatNames: ['Ana', 'Bob'] });
		expect([screen.leaving, screen.showingHome]).toEqual([true, true]);
		expect(storage.get(HOLDS_HEATS_KEY)).toBe('yes');

		const query = navigate.mock.calls[0]![0] as string;
		await screen.route(new URL(`http://judge.test/station${query}`));
		expect([screen.leaving, screen.showingHome, screen.heat?.heatId !== undefined]).toEqual([false, false, true]);
		// Back on the home, it loads what it shows again.
		await screen.route(new URL('http://judge.test/station'));
		expect([screen.leaving, screen.showingHome]).toEqual([false, true]);
	});

	it('a refused set-up stays on the home, which goes on as before', async () => {
		const { screen, storage } = await newTablet();
		await screen.quick({ presetId: 'no-such-preset', seatNames: ['Ana'] });
		expect(screen.errors.length).toBeGreaterThan(0);
		expect([screen.leaving, storage.has(HOLDS_HEATS_KEY)]).toEqual([false, false]);
	});
});

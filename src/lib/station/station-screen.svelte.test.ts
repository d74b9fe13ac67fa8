import { beforeAll, describe, expect, it, vi } from 'vitest';
import { saveSetup } from '$lib/db/setup-store';
import { orgSetup } from '$lib/db/testkit';
import { device, until, disconnectAfterEach } from '$lib/session/device.testkit';
import { StationJudge } from './judge.svelte';
import { CHOICE_KEY } from './remembered-choice';
import { StationScreen } from './station-screen.svelte';
import { loadHeatScreen, type HeatScreen } from './heat-screen';

const keep = disconnectAfterEach();
// The heat screen's code is loaded on demand: its first load (compiling HeatView and its parts)
// is done once here, not inside a test's time limit.
beforeAll(() => loadHeatScreen().then(() => undefined), 60_000);

/** The station on a device holding the testkit's competition "comp" (heat "heat-1"). */
async function station(judgeName: string | null = 'Eva', loadHeat: () => Promise<HeatScreen> = loadHeatScreen) {
	const d = device();
	keep(d.session.connect());
	const { db, log } = await d.session.opened();
	await saveSetup(db, orgSetup().bundle);
	const storage = new Map<string, string>();
	const judge = new StationJudge();
	if (judgeName) judge.set(judgeName);
	const navigate = vi.fn();
	const screen = new StationScreen(d.session, {
		judge,
		storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) },
		navigate,
		loadHeat
	});
	return { d, db, log, screen, storage, judge, navigate };
}

const url = (query = '') => new URL(`http://judge.test/station${query}`);

describe('StationScreen: what /station shows, from its address', () => {
	it('opens the heat the address names under the judge’s name, and the home lands there next time', async () => {
		const { screen, storage } = await station();
		await screen.route(url('?competition=comp&heat=heat-1&table=1'));
		expect(screen.asking).toBeNull();
		expect([screen.heat?.heatName, screen.heat?.judge, screen.heat?.table]).toEqual(['Heat 1', 'Eva', '1']);
		expect(JSON.parse(storage.get(CHOICE_KEY)!)).toMatchObject({ competition: 'comp', heat: 'heat-1', table: '1' });
	});

	it('without a judge’s name the heat waits for one; given, the heat opens under it', async () => {
		const { screen } = await station(null);
		await screen.route(url('?competition=comp&heat=heat-1'));
		expect(screen.heat).toBeNull();
		expect(screen.asking).toEqual({ competition: orgSetup().bundle.competitions[0]!.name, heat: 'Heat 1', table: null, tabletLabel: null });
		screen.judgeGiven('Pablo');
		await until(() => screen.heat !== null);
		expect([screen.asking, screen.heat?.judge]).toEqual([null, 'Pablo']);
	});

	it('the home shows before the device’s storage is open (its heats fill in after); a heat waits for the storage', async () => {
		const d = device();
		const other = d.open(); // the set-up is already on the tablet (written as another tab would)
		await saveSetup(other, orgSetup().bundle);
		other.close();
		const judge = new StationJudge();
		judge.set('Eva');
		const screen = new StationScreen(d.session, { judge, storage: { getItem: () => null, setItem: () => {} }, navigate: vi.fn(), loadHeat: loadHeatScreen });
		// Nothing connected yet: the storage is not open.
		await screen.route(url());
		expect([screen.showingHome, screen.home.current]).toEqual([true, undefined]);
		const heat = screen.route(url('?competition=comp&heat=heat-1'));
		await Promise.resolve();
		expect(screen.heat).toBeNull();
		keep(d.session.connect());
		await heat;
		expect([screen.showingHome, screen.heat?.heatName]).toEqual([false, 'Heat 1']);
		await screen.route(url());
		await until(() => screen.home.current?.directory.competitions.length === 1);
		expect(screen.showingHome).toBe(true);
	});

	it('a heat the tablet does not have is said above the home; the home is a live read only while it shows', async () => {
		const { screen, log } = await station();
		await screen.route(url('?competition=comp&heat=nope'));
		expect([screen.heat, screen.heatMissing]).toEqual([null, true]);
		await until(() => screen.home.current?.eventCounts !== undefined);
		expect(screen.home.current!.directory.competitions.map((c) => c.id)).toEqual(['comp']);
		expect(screen.home.current!.eventCounts).toEqual([]);

		const tap = (entryId: string) => log.append({ at: 1, mono: 1, judge: 'Eva', competitionId: 'comp', heatId: 'heat-1', entryId, type: 'hand.raised', payload: {} });
		await tap('ana');
		await until(() => screen.home.current!.eventCounts[0]?.count === 1);

		// In a heat, taps do not read the home again.
		await screen.route(url('?competition=comp&heat=heat-1'));
		await tap('bob');
		await screen.home.settled();
		expect(screen.home.current!.eventCounts[0]!.count).toBe(1);
		await screen.route(url());
		await until(() => screen.home.current!.eventCounts[0]?.count === 2);
	});

	it('the home does not load the heat screen’s code; an address naming a heat loads it, and its view comes with the session', async () => {
		const loadHeat = vi.fn(loadHeatScreen);
		const { screen } = await station('Eva', loadHeat);
		await screen.route(url());
		await until(() => screen.home.current !== undefined);
		expect(loadHeat).not.toHaveBeenCalled();
		expect(screen.heatView).toBeNull();

		await screen.route(url('?competition=comp&heat=heat-1'));
		expect(loadHeat).toHaveBeenCalledTimes(1);
		expect(screen.heat?.heatName).toBe('Heat 1');
		expect(screen.heatView).toBe((await loadHeatScreen()).HeatView);
	});

	it('a heat whose code does not load is said above the home (nothing else changes); the next try opens it', async () => {
		let fail = true;
		const { screen } = await station('Eva', () => (fail ? Promise.reject(new Error('Failed to fetch dynamically imported module')) : loadHeatScreen()));
		await screen.route(url('?competition=comp&heat=heat-1'));
		expect([screen.heat, screen.asking, screen.heatMissing]).toEqual([null, null, false]);
		expect(screen.heatLoadError).toBe('Failed to fetch dynamically imported module');
		await until(() => screen.home.current !== undefined);

		fail = false;
		await screen.route(url('?competition=comp&heat=heat-1'));
		expect(screen.heat?.heatName).toBe('Heat 1');
		expect(screen.heatLoadError).toBeNull();
	});

	it('a quick set-up is stored and its heat opened, or its problems are said', async () => {
		const { screen, navigate, db } = await station();
		await screen.quick({ presetId: 'no-such-preset', seatNames: ['Ana'] });
		expect(screen.problems.length).toBeGreaterThan(0);
		expect(screen.errors).toHaveLength(screen.problems.length);
		expect(navigate).not.toHaveBeenCalled();

		await screen.quick({ presetId: 'czjpa-individual', competitionName: 'Garden cup', seatNames: ['Ana', 'Bob'] });
		expect(screen.problems).toEqual([]);
		const made = (await db.competitions.toArray()).find((c) => c.name === 'Garden cup')!;
		const heat = (await db.heats.where('competitionId').equals(made.id).first())!;
		expect(navigate).toHaveBeenCalledWith(`?${new URLSearchParams({ competition: made.id, heat: heat.id, table: '1' })}`);
	});
});

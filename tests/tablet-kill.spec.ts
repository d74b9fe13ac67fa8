import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { KillRun, type KillRunSummary } from './tablet-kill/kill-run';
import { checkTaps, TAP_KINDS, type StoredTapEvent, type Tap } from './tablet-kill/tap-ledger';
import { sweep } from './tier';
import { ON_FULL_CHROMIUM } from './chromium';

/**
 * The tablet kill test: Chromium (Debian's, on a profile directory of its own) is SIGKILLed at
 * random moments while a judge taps through heats, then opened again on the same profile; each
 * time, every tap whose seat showed it recorded must be in IndexedDB with the time of its
 * click, and no tap may be there twice (tablet-kill/kill-run.ts says how).
 *
 * TABLET_KILLS kills (a sample of 5 in `npm test`, 50 in `npm run test:full`; `npm run
 * test:kill-tablet` makes 1,000);
 * SEED replays a run's choices (the moments of the kills depend on the machine's speed too).
 */

const KILLS = whole('TABLET_KILLS', sweep(5, 50));
const SEED = whole('SEED', randomInt(1, 2 ** 31));
const PROFILE = fileURLToPath(new URL(`.tmp/tablet-kill-profile-${process.pid}`, import.meta.url));

function whole(name: string, otherwise: number): number {
	const given = process.env[name];
	if (given === undefined || given === '') return otherwise;
	const n = Number(given);
	if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name}=${given}: a whole number from 1 is expected`);
	return n;
}

function tap(n: number, over: Partial<Tap> = {}): Tap {
	return { n, kind: 'hand', competitionId: 'c', heatId: 'h', entryId: 's1', at: 1000 + n, payload: {}, done: true, cycle: 1, ...over };
}

function event(id: string, over: Partial<StoredTapEvent> = {}): StoredTapEvent {
	return { id, seq: Number(id.split('-')[1]), type: 'hand.raised', competitionId: 'c', heatId: 'h', entryId: 's1', at: 1001, payload: {}, ...over };
}

test('the tap check finds a tap shown done but lost, one stored twice, one stored at another time or with other pieces', () => {
	const taps = [
		tap(1),
		tap(2, { kind: 'confirm', payload: { missingPieces: 2 } }),
		tap(3),
		tap(4, { done: false }),
		tap(5, { done: false }),
		tap(6, { kind: 'tally', payload: { groups: [12, 4] } })
	];
	const events = [
		event('t-1'),
		// Confirmed with other missing pieces: not this tap.
		event('t-2', { type: 'check.confirmed', at: 1002, payload: { ref: 't-1', missingPieces: 0 } }),
		// Tap 3 at another time: not this tap.
		event('t-3', { at: 1013 }),
		// Tap 4, not shown done, stored (twice: a write repeated after the kill).
		event('t-4', { at: 1004 }),
		event('t-5', { at: 1004 }),
		// The tally, with its groups.
		event('t-6', { type: 'tally.recorded', at: 1006, payload: { groups: [12, 4] } })
	];
	const check = checkTaps(taps, events);
	expect(check.lost.map((t) => t.n)).toEqual([2, 3]);
	expect(check.twice).toEqual([{ tap: taps[3], ids: ['t-4', 't-5'] }]);
	expect(check.duplicates).toEqual([['t-4', 't-5']]);
	expect(check.cut).toEqual({ stored: 1, notStored: 1 });
	expect(checkTaps(taps.slice(0, 1), events.slice(0, 1))).toEqual({ lost: [], twice: [], duplicates: [], cut: { stored: 0, notStored: 0 } });
});

function report(s: KillRunSummary): string {
	const kinds = TAP_KINDS.map((k) => `${k} ${s.doneByKind[k]}`).join(', ');
	return [
		`tablet kill: seed ${s.seed}, ${s.kills} kills (mid-write ${s.modes['mid-write']}, after done ${s.modes['after-done']}, idle ${s.modes.idle}, timer ${s.modes.timer})` +
			` in ${(s.durationMs / 1000).toFixed(1)} s (${(s.durationMs / s.kills / 1000).toFixed(2)} s a kill; Chromium gone within ${s.slowestKillMs} ms of each SIGKILL)`,
		`taps ${s.taps}, shown done ${s.shownDone} (${kinds}); cut short by a kill ${s.check.cut.stored + s.check.cut.notStored} (stored ${s.check.cut.stored}, not stored ${s.check.cut.notStored})`,
		`heats ${s.heats}, events stored ${s.eventsStored}; time a kill: Chromium start ${(s.phasesMs.launch / s.kills).toFixed(0)} ms, reopen and check ${(s.phasesMs.reopen / s.kills).toFixed(0)} ms, taps to the kill ${(s.phasesMs.taps / s.kills).toFixed(0)} ms`,
		`lost ${s.check.lost.length}, recorded twice ${s.check.twice.length}, duplicate events ${s.check.duplicates.length}`
	].join('\n');
}

// A tablet's browser on a profile on disk: the full Chromium in every tier (tests/chromium.ts).
test.use({ launchOptions: ON_FULL_CHROMIUM });

test.describe('tablet kill', () => {
	let run: KillRun | null = null;

	test.afterAll(async () => {
		// No Chromium and no profile left behind, whatever happened.
		await run?.dispose();
	});

	test(`every tap shown done survives ${KILLS} SIGKILLs of Chromium with its time, none recorded twice`, async ({ baseURL, launchOptions }) => {
		// 1.3–2 s a kill on two idle cores, 3–4 s on busy ones: room to spare.
		test.setTimeout(60_000 + KILLS * 10_000);
		console.log(`tablet kill: seed ${SEED} (SEED=${SEED} replays it), ${KILLS} kills, profile ${PROFILE}`);
		run = new KillRun({ seed: SEED, kills: KILLS, profileDir: PROFILE, baseURL: baseURL!, launchOptions, log: (line) => console.log(`tablet kill: ${line}`) });
		const summary = await run.run();
		console.log(report(summary));

		expect(summary.check.lost, 'taps shown done but not in IndexedDB').toEqual([]);
		expect(summary.check.twice, 'taps recorded twice').toEqual([]);
		expect(summary.check.duplicates, 'events stored twice').toEqual([]);
		// The run did what it says (a run of a few kills, to try something out, need not): more taps
		// shown done than kills, of every kind, over several heats.
		if (KILLS >= 50) {
			expect(summary.shownDone).toBeGreaterThan(KILLS);
			for (const kind of TAP_KINDS) expect(summary.doneByKind[kind], `${kind} taps shown done`).toBeGreaterThan(0);
			expect(summary.heats).toBeGreaterThan(5);
		}
	});
});

/**
 * The station in the two other engines of judges' tablets: `npm run test:engines` (after
 * `npm run build`; scripts/test.sh runs it after the Playwright suite).
 *
 * - WebKit (iPads): WebKitGTK's MiniBrowser through WebKitWebDriver (./webkit.ts);
 * - Firefox: Firefox ESR over WebDriver BiDi with puppeteer-core (./firefox.ts).
 *
 * Each engine gets a production server of its own (`scripts/start.js` on a free port of
 * 127.0.0.1, a fresh data directory: tests/server-spawn.ts) and runs the steps of
 * ./station-flows.ts in order; WebKit, which refuses them without a tap as an iPad does, also the
 * wake lock and the sound after the Start tap and after the next tap following a reload.
 * Everything started is ended, on failure too (./processes.ts). Each engine's time is printed.
 *
 * `npm run test:full` (E2E_FULL=1: tests/tier.ts) also runs, in each engine, the check-in desk
 * and the organizer's register (./register-flows.ts, issue 30 #24): a desk paired through its
 * link checks a person in while the server is down, the check-in reaching the server once it is
 * back; the organizer adds a person, a date the engine cannot read being an error at its field
 * (issue 30 #5b), and registers them. About 30 s in WebKit and 40 s in Firefox more.
 *
 * Environment: ENGINES=webkit,firefox (the default: both), WEBKIT_DRIVER_PORT (default: a
 * free port), DISPLAY (default: an Xvfb of its own).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort, spawnServer, untilUp, type ServerProcess } from '../server-spawn';
import { FULL } from '../tier';
import type { EnginePage } from './engine-page';
import { displayFollowsOrganizerStart } from './display-flows';
import { startFirefox } from './firefox';
import { endOnExit } from './processes';
import { RegisterRun } from './register-flows';
import { PhotoRun } from './photo-flows';
import { StationRun } from './station-flows';
import { startWebKit } from './webkit';

const ENGINES = (process.env.ENGINES ?? 'webkit,firefox').split(',').map((e) => e.trim().toLowerCase());

interface Engine {
	name: 'WebKit' | 'Firefox';
	start(): Promise<{ page: EnginePage; stop(): Promise<void> }>;
}

const engines: Engine[] = [
	{ name: 'WebKit' as const, start: startWebKit },
	{ name: 'Firefox' as const, start: startFirefox }
].filter((e) => ENGINES.includes(e.name.toLowerCase()));

/** A step that hangs (a browser that stopped answering) fails after a minute; the after hook still ends everything. */
const STEP_TIMEOUT_MS = 60_000;
const step = (name: string, fn: () => Promise<void>) => it(name, { timeout: STEP_TIMEOUT_MS }, fn);

if (engines.length === 0) throw new Error(`ENGINES=${process.env.ENGINES}: none of webkit, firefox`);

/** What a suite's steps get: its browser's page, and its server (started again on the same data and port by `restart`). */
interface SuiteRoom {
	page: EnginePage;
	server: ServerProcess;
	restart(): Promise<ServerProcess>;
}

/**
 * One engine's suite: a server of its own on a fresh data directory and a browser, both ended
 * (and the directory removed) after the steps, or on an interrupt (the after hook does not run
 * then); its time is printed. `steps` declares the steps, reading the room once `before` ran.
 */
function engineSuite(title: string, slug: string, engine: Engine, steps: (room: () => SuiteRoom) => void, prepare?: (room: SuiteRoom) => Promise<void>) {
	describe(`${title} in ${engine.name}`, () => {
		let dir = '';
		let room: SuiteRoom | null = null;
		let browser: { page: EnginePage; stop(): Promise<void> } | null = null;
		let began = 0;

		before(
			async () => {
				began = Date.now();
				dir = mkdtempSync(join(tmpdir(), `puzzle-judge-${slug}-${engine.name.toLowerCase()}-`));
				const own = dir;
				process.once('exit', () => rmSync(own, { recursive: true, force: true }));
				const port = await freePort();
				const start = async () => {
					const server = spawnServer(join(own, 'data'), port);
					endOnExit(server.child);
					await untilUp(server);
					if (room) room.server = server;
					return server;
				};
				const server = await start();
				browser = await engine.start();
				room = { page: browser.page, server, restart: start };
				await prepare?.(room);
			},
			{ timeout: STEP_TIMEOUT_MS }
		);

		after(
			async () => {
				await browser?.stop();
				await room?.server.stop();
				rmSync(dir, { recursive: true, force: true });
				console.log(`${engine.name}, ${title}: ${((Date.now() - began) / 1000).toFixed(1)} s (browser start and stop included)`);
			},
			{ timeout: STEP_TIMEOUT_MS }
		);

		steps(() => {
			if (!room) throw new Error(`${title} in ${engine.name}: the suite did not start`);
			return room;
		});
	});
}

for (const engine of engines) {
	let run: StationRun;
	let photos: PhotoRun;
	engineSuite(
		'the station',
		'station',
		engine,
		() => {
			step('the quick set-up on a blank tablet', () => run.quickSetup());
			step('the judge taps Start: every seat runs', () => run.startHeat());
			if (engine.name === 'WebKit') {
				step('the Start tap keeps the screen on and starts the sound (data-wake-lock, data-audio)', () =>
					run.capabilities({ wakeLock: 'held', audio: 'running' }, 'after the Start tap'));
			}
			step('the heat screen says "no vibration" where the engine has none', () => run.vibrationSaid());
			step('CZ-GEN-FINISH: a finish to the millisecond and a rejected check', () => run.finishAndRejectedCheck());
			step('a reload mid-heat shows the same states and clocks', () => run.reloadMidHeat());
			if (engine.name === 'WebKit') {
				step('after the reload the next tap keeps the screen on and starts the sound (data-wake-lock, data-audio)', () => run.nextTapKeepsScreenOnAndSound());
			} else {
				// Firefox grants the wake lock without a tap.
				step('after the reload the screen is kept on without a tap (data-wake-lock)', () => run.capabilities({ wakeLock: 'held' }, 'after the reload'));
				step('after a tap the sound runs, or the screen says it does not play (data-audio)', async () => {
					console.log(`${engine.name}: the sound after a tap: ${await run.soundAfterTapSaidTruly()}`);
				});
			}
			step('an offline reload (server stopped) is served by the service worker, the heat intact', () => run.offlineReload());
			step('CZ-GEN-UNFINISHED: at the limit the running seats stop, a tally is recorded and agreed', () => run.tallyAtLimit());
			step("issue 33: a photo of the tally with the engine's camera, stored offline beside it, its thumbnail on the card", () => photos.photoOfTally());
			step('issue 33: an offline reload keeps the photo', () => photos.offlineReloadKeepsIt());
			step('issue 33: the photo opens full size and zooms', () => photos.opensFullSize());
		},
		async (room) => {
			run = new StationRun(room.page, room.server);
			photos = new PhotoRun(room.page);
		}
	);
}

// The room display, in a browser and on a server of its own (the station's steps stop theirs).
for (const engine of engines) {
	engineSuite('the room display', 'display', engine, (room) => {
		step("issue 30 #5a, #16, #23: the organizer's start reaches the display; in Czech its menu is readable, its headers apart, its time left whole", () =>
			displayFollowsOrganizerStart(room().page, room().server));
	});
}

// The desk and the organizer's register: the full tier only (FULL, tests/tier.ts).
for (const engine of FULL ? engines : []) {
	let run: RegisterRun;
	engineSuite(
		"the desk and the organizer's register",
		'register',
		engine,
		() => {
			step('a desk paired through its link pulls the roster', () => run.deskPairs());
			step('the server down, the desk checks a person in', () => run.checkInOffline());
			step('the server back, the check-in reaches it', () => run.reconnect());
			step('the organizer signs in and opens the register', () => run.organizerSignsIn());
			step('issue 30 #5b: a date of birth the engine cannot read is an error beside the field; picked whole, the person is added', () => run.addPersonWithUnreadableDate());
			step('the person added is registered for the competition', () => run.registerThem());
		},
		async (room) => {
			run = new RegisterRun(room.page, room.server, room.restart);
			await run.seed();
		}
	);
}

import { describe, expect, it, vi } from 'vitest';
import { LATE_SOUND_MS, SignalAudio, type AudioContextLike, type AudioContextMaker } from './audio-unlock.svelte';

/**
 * WebKit's AudioContext: made outside a tap it starts suspended, and `resume()` outside a tap
 * waits until the next one (`tapping` says whether the code runs inside a tap).
 */
function webkitLike() {
	const browser = { tapping: false, made: [] as FakeContext[] };
	class FakeContext implements AudioContextLike {
		state: string;
		currentTime = 0;
		destination = {} as AudioNode;
		#listeners: (() => void)[] = [];
		#waiting: (() => void)[] = [];
		resume = vi.fn(() => {
			if (this.state === 'running') return Promise.resolve();
			if (browser.tapping) {
				this.set('running');
				return Promise.resolve();
			}
			return new Promise<void>((resolve) => this.#waiting.push(resolve));
		});
		createOscillator = vi.fn(() => ({}) as OscillatorNode);
		createGain = vi.fn(() => ({}) as GainNode);
		constructor() {
			this.state = browser.tapping ? 'running' : 'suspended';
			browser.made.push(this);
		}
		addEventListener(_type: 'statechange', listener: () => void): void {
			this.#listeners.push(listener);
		}
		set(state: string): void {
			this.state = state;
			if (state === 'running') for (const resolve of this.#waiting.splice(0)) resolve();
			for (const listener of this.#listeners) listener();
		}
	}
	let now = 0;
	const clock = { advance: (ms: number) => (now += ms) };
	const audio = new SignalAudio(
		() => FakeContext as unknown as AudioContextMaker,
		() => now
	);
	const tap = () => {
		browser.tapping = true;
		try {
			audio.tap();
		} finally {
			browser.tapping = false;
		}
	};
	return { browser, audio, tap, clock };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SignalAudio', () => {
	it('is unavailable without Web Audio: a tap and a sound do nothing, safely', () => {
		const audio = new SignalAudio(() => undefined);
		expect(audio.available).toBe(false);
		audio.tap();
		const sound = vi.fn();
		audio.play(sound);
		expect(sound).not.toHaveBeenCalled();
		expect(audio.state(false)).toBe('unavailable');
	});

	it('waits for a tap until one comes, then a tap creates a running context', () => {
		const { audio, tap, browser } = webkitLike();
		expect(audio.state(false)).toBe('tap-needed');
		expect(audio.state(true)).toBe('muted');
		tap();
		expect(browser.made).toHaveLength(1);
		expect(audio.contextState).toBe('running');
		expect(audio.state(false)).toBe('running');
		// Further taps make no second context.
		tap();
		expect(browser.made).toHaveLength(1);
	});

	it('plays at once on a running context', () => {
		const { audio, tap, browser } = webkitLike();
		tap();
		const sound = vi.fn();
		audio.play(sound);
		expect(sound).toHaveBeenCalledWith(browser.made[0]);
	});

	it('a sound before any tap (a timer after a reload) leaves the context suspended and is not played late at the next tap', async () => {
		const { audio, tap, browser, clock } = webkitLike();
		const sound = vi.fn();
		audio.play(sound);
		await flush();
		expect(browser.made[0]!.state).toBe('suspended');
		expect(audio.state(false)).toBe('tap-needed');
		expect(sound).not.toHaveBeenCalled();

		clock.advance(3 * 60_000);
		tap();
		await flush();
		expect(browser.made).toHaveLength(1);
		expect(browser.made[0]!.resume).toHaveBeenCalled();
		expect(audio.state(false)).toBe('running');
		// Three minutes late: the 1-minute signal would lie.
		expect(sound).not.toHaveBeenCalled();
	});

	it('resumes a suspended context before each sound, and plays when it runs in time', async () => {
		const { audio, tap, browser, clock } = webkitLike();
		tap();
		const context = browser.made[0]!;
		context.set('interrupted'); // WebKit: a phone call, Siri
		expect(audio.state(false)).toBe('tap-needed');
		const sound = vi.fn();
		audio.play(sound);
		expect(context.resume).toHaveBeenCalledTimes(1);
		clock.advance(LATE_SOUND_MS / 2);
		context.set('running'); // the system gives the audio back
		await flush();
		expect(sound).toHaveBeenCalledWith(context);
		expect(audio.state(false)).toBe('running');
	});

	it('makes a new context after the last one was closed', () => {
		const { audio, tap, browser } = webkitLike();
		tap();
		browser.made[0]!.set('closed');
		expect(audio.state(false)).toBe('tap-needed');
		tap();
		expect(browser.made).toHaveLength(2);
		expect(audio.state(false)).toBe('running');
	});

	it('says when even a tap does not make the audio run (no sound device, sound blocked): tapping again will not help', async () => {
		let silentDevice = true;
		const timers: (() => void)[] = [];
		const made: { state: string; resume: () => Promise<void>; listeners: (() => void)[] }[] = [];
		class DeadContext {
			state = 'suspended';
			currentTime = 0;
			destination = {} as AudioNode;
			listeners: (() => void)[] = [];
			constructor() {
				made.push(this);
			}
			resume = () => {
				if (silentDevice) return new Promise<void>(() => {});
				this.state = 'running';
				for (const l of this.listeners) l();
				return Promise.resolve();
			};
			createOscillator = () => ({}) as OscillatorNode;
			createGain = () => ({}) as GainNode;
			addEventListener(_type: 'statechange', listener: () => void) {
				this.listeners.push(listener);
			}
		}
		const audio = new SignalAudio(
			() => DeadContext as unknown as AudioContextMaker,
			() => 0,
			(run) => void timers.push(run)
		);
		audio.tap();
		expect(audio.tapUnanswered).toBe(false);
		for (const run of timers.splice(0)) run();
		expect(audio.tapUnanswered).toBe(true);
		expect(audio.state(false)).toBe('tap-needed');

		// The sound comes back (a headset plugged in, the setting changed): the next tap runs it.
		silentDevice = false;
		audio.tap();
		await flush();
		expect(audio.state(false)).toBe('running');
		expect(audio.tapUnanswered).toBe(false);
		expect(made).toHaveLength(1);
	});
});

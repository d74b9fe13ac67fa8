// The station's one AudioContext, created or resumed in a tap. WebKit (iPad) keeps a context
// "suspended" unless a tap made or resumed it, so the heat screen calls `tap()` from its tap
// listener (Start, "Sound on", any seat action, anywhere on the screen), and every sound asks
// `resume()` first. `state` says, for the screen, whether the signals can sound now.
//
//     <section onclickcapture={() => signalAudio.tap()} data-audio={signalAudio.state(muted)}>
//     signalAudio.play((ctx) => { …oscillators… });
import { audioState, audioTapAction, type AudioState, type ContextState } from './audio-state';

/** The part of an AudioContext used here (and by the signals' oscillators). */
export interface AudioContextLike {
	readonly state: string;
	readonly currentTime: number;
	readonly destination: AudioNode;
	resume(): Promise<void>;
	createOscillator(): OscillatorNode;
	createGain(): GainNode;
	addEventListener(type: 'statechange', listener: () => void): void;
}

export type AudioContextMaker = new () => AudioContextLike;

/**
 * A sound asked while the context waits is played only if the context runs within this time:
 * WebKit may hold a `resume()` until the next tap, and a signal heard minutes late would lie.
 */
export const LATE_SOUND_MS = 1000;

function browserMaker(): AudioContextMaker | undefined {
	const g = globalThis as { AudioContext?: AudioContextMaker; webkitAudioContext?: AudioContextMaker };
	return g.AudioContext ?? g.webkitAudioContext;
}

export class SignalAudio {
	#context: AudioContextLike | null = null;
	#contextState = $state<ContextState>('none');
	#tapUnanswered = $state(false);
	readonly #maker: () => AudioContextMaker | undefined;
	readonly #now: () => number;
	readonly #later: (run: () => void, ms: number) => void;

	/**
	 * `maker`: where the AudioContext constructor comes from (the browser's by default); `now`
	 * and `later`: the clock and the timer (tests pass their own).
	 */
	constructor(
		maker: () => AudioContextMaker | undefined = browserMaker,
		now: () => number = () => performance.now(),
		later: (run: () => void, ms: number) => void = (run, ms) => void setTimeout(run, ms)
	) {
		this.#maker = maker;
		this.#now = now;
		this.#later = later;
	}

	/** The browser has Web Audio. */
	get available(): boolean {
		return this.#maker() !== undefined;
	}

	/** The context's state (`none` before the first tap or sound). */
	get contextState(): ContextState {
		return this.#contextState;
	}

	/** In one word, for the screen (`data-audio`): running, tap-needed, unavailable or muted. */
	state(muted: boolean): AudioState {
		return audioState({ available: this.available, context: this.#contextState, muted });
	}

	/**
	 * A tap was tried and the audio still does not run a second later (no sound device, sound
	 * blocked in the browser's settings): tapping again will not help, the judge must watch the clock.
	 */
	get tapUnanswered(): boolean {
		return this.#tapUnanswered;
	}

	/** The judge tapped: create the context, or resume it, now, inside the tap. */
	tap(): void {
		const woken = this.#wake();
		if (!woken?.resumed) return;
		const { context } = woken;
		this.#later(() => {
			if (context === this.#context && context.state !== 'running') this.#tapUnanswered = true;
		}, LATE_SOUND_MS);
	}

	/**
	 * Plays a sound: `schedule` gets a running context. A waiting context is resumed first; when
	 * it does not run soon (no tap yet, on WebKit), the sound is dropped rather than played late.
	 */
	play(schedule: (context: AudioContextLike) => void): void {
		const woken = this.#wake();
		if (!woken) return;
		const { context, resumed } = woken;
		if (!resumed) {
			schedule(context);
			return;
		}
		const asked = this.#now();
		void resumed.then(() => {
			if (context.state === 'running' && this.#now() - asked <= LATE_SOUND_MS) schedule(context);
		});
	}

	/**
	 * Creates the context where there is none (or it was closed) and resumes it unless it runs.
	 * `resumed`: settles when the browser answered the resume (null: it runs already).
	 */
	#wake(): { context: AudioContextLike; resumed: Promise<void> | null } | null {
		const Maker = this.#maker();
		if (!Maker) return null;
		const action = audioTapAction({ available: true, context: this.#context ? (this.#context.state as ContextState) : 'none' });
		if (action === 'create') {
			const context = new Maker();
			this.#context = context;
			context.addEventListener('statechange', () => this.#sync(context));
		}
		const context = this.#context!;
		this.#sync(context);
		if (context.state === 'running') return { context, resumed: null };
		const resumed = context.resume().then(
			() => this.#sync(context),
			() => this.#sync(context)
		);
		return { context, resumed };
	}

	#sync(context: AudioContextLike): void {
		if (context !== this.#context) return;
		this.#contextState = context.state as ContextState;
		if (context.state === 'running') this.#tapUnanswered = false;
	}
}

/** The station's signals, shared by the heat screen and the relay's team screens. */
export const signalAudio = new SignalAudio();

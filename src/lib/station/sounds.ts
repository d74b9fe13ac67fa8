/**
 * Short signals made with Web Audio (no sound files to cache): start, 10 minutes left,
 * 1 minute left, the limit, the relay's rotation. Vibration where the device has it (not on an
 * iPad: `canVibrate()`). Silent when muted, when the browser has no audio, and while the audio
 * waits for a tap (src/lib/device/audio-unlock.svelte.ts: resumed before each sound).
 */
import { signalAudio } from '$lib/device/audio-unlock.svelte';

export type Signal = 'start' | 'ten-minutes' | 'one-minute' | 'limit' | 'rotation';

const PATTERNS: Record<Signal, { hz: number; ms: number; gain?: number }[]> = {
	start: [{ hz: 880, ms: 400 }],
	'ten-minutes': [
		{ hz: 660, ms: 200 },
		{ hz: 660, ms: 200 }
	],
	'one-minute': [
		{ hz: 880, ms: 150 },
		{ hz: 880, ms: 150 },
		{ hz: 880, ms: 150 }
	],
	limit: [{ hz: 440, ms: 1200 }],
	// The relay's rotation signal (CZ-TEAM-P1): louder and unlike the others, a rising two-tone
	// played three times, heard over a room of teams.
	rotation: [
		{ hz: 988, ms: 250, gain: 0.6 },
		{ hz: 1319, ms: 350, gain: 0.6 },
		{ hz: 988, ms: 250, gain: 0.6 },
		{ hz: 1319, ms: 350, gain: 0.6 },
		{ hz: 988, ms: 250, gain: 0.6 },
		{ hz: 1319, ms: 600, gain: 0.6 }
	]
};

/** The device can vibrate (`navigator.vibrate`; iPads and iPhones cannot). */
export function canVibrate(): boolean {
	return typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function';
}

/** `silent`: vibration only (the judge muted the sounds). */
export function playSignal(signal: Signal, { silent = false }: { silent?: boolean } = {}): void {
	const pattern = PATTERNS[signal];
	if (canVibrate()) navigator.vibrate(pattern.flatMap((p) => [p.ms, 100]));
	if (silent) return;
	signalAudio.play((context) => {
		let t = context.currentTime;
		for (const { hz, ms, gain: level = 0.25 } of pattern) {
			const osc = context.createOscillator();
			const gain = context.createGain();
			osc.frequency.value = hz;
			gain.gain.setValueAtTime(level, t);
			gain.gain.exponentialRampToValueAtTime(0.001, t + ms / 1000);
			osc.connect(gain).connect(context.destination);
			osc.start(t);
			osc.stop(t + ms / 1000);
			t += (ms + 100) / 1000;
		}
	});
}

/**
 * Short signals made with Web Audio (no sound files to cache): start, 10 minutes left,
 * 1 minute left, the limit. Vibration where the device has it. Silent when muted or when the
 * browser has no audio.
 */
export type Signal = 'start' | 'ten-minutes' | 'one-minute' | 'limit';

const PATTERNS: Record<Signal, { hz: number; ms: number }[]> = {
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
	limit: [{ hz: 440, ms: 1200 }]
};

let context: AudioContext | null = null;

export function playSignal(signal: Signal): void {
	const pattern = PATTERNS[signal];
	navigator.vibrate?.(pattern.flatMap((p) => [p.ms, 100]));
	const Ctx = globalThis.AudioContext;
	if (!Ctx) return;
	context ??= new Ctx();
	let t = context.currentTime;
	for (const { hz, ms } of pattern) {
		const osc = context.createOscillator();
		const gain = context.createGain();
		osc.frequency.value = hz;
		gain.gain.setValueAtTime(0.25, t);
		gain.gain.exponentialRampToValueAtTime(0.001, t + ms / 1000);
		osc.connect(gain).connect(context.destination);
		osc.start(t);
		osc.stop(t + ms / 1000);
		t += (ms + 100) / 1000;
	}
}

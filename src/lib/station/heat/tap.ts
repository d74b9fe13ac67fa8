/** The device's clocks at the moment of a tap: taken before anything is awaited. */
export interface Tap {
	at: number;
	mono: number;
}

export function tapNow(): Tap {
	return { at: Date.now(), mono: performance.now() };
}

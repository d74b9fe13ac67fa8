import { mulberry32 } from '../../src/lib/random';

/** The app's seeded generator (mulberry32): the same seed gives the same faults and heats. */
export type Rng = () => number;

export function seededRandom(seed: number): Rng {
	return mulberry32(seed);
}

/** An integer in [min, max]. */
export function between(rng: Rng, min: number, max: number): number {
	return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
	return items[Math.floor(rng() * items.length)]!;
}

/**
 * The seed of a draw, shown to everyone before the draw (CZ-TEAM-DRAW): typed, made from dice
 * rolls the organizer enters (each 1–6, read in the order rolled), or random.
 */

/** Dice rolls as typed ("3 5 1", "3,5,1", "351") → the seed "dice-3-5-1"; null with a wrong roll or fewer than `min`. */
export function seedFromDice(rolls: string, min = 4): string | null {
	const digits = rolls.replace(/[\s,;.-]+/g, '');
	if (!/^[1-6]+$/.test(digits) || digits.length < min) return null;
	return `dice-${[...digits].join('-')}`;
}

/** A random seed of 12 letters and digits (the device's cryptographic randomness). */
export function randomSeed(bytes: Uint8Array = crypto.getRandomValues(new Uint8Array(12))): string {
	const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
	return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}

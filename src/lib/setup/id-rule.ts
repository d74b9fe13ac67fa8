/**
 * The rule of IDs made on devices or by the organizer: URL-safe, short. IdSchema (./schema.ts)
 * checks it with zod; `isId` checks it without, for a screen's first load that must not wait
 * for zod (the station's address, its remembered choice).
 */
export const ID_MAX_LENGTH = 64;
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;

export function isId(value: unknown): value is string {
	return typeof value === 'string' && value.length >= 1 && value.length <= ID_MAX_LENGTH && ID_PATTERN.test(value);
}

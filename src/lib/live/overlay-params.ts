/** The overlay's address: `?competition=ID` (required), `&top=N` (default 10), `&latest=N` (default 3). */
export interface OverlayParams {
	competition: string;
	top: number;
	latest: number;
}

export const OVERLAY_TOP = { default: 10, max: 50 };
export const OVERLAY_LATEST = { default: 3, max: 10 };

/** A whole number within 0…max; anything else the default (a stream's URL typed by hand must still show something). */
function count(value: string | null, limits: { default: number; max: number }): number {
	if (value === null || !/^\d{1,3}$/.test(value)) return limits.default;
	return Math.min(Number(value), limits.max);
}

/** The overlay's parameters, or null without a competition. */
export function overlayParams(query: URLSearchParams): OverlayParams | null {
	const competition = query.get('competition');
	if (!competition) return null;
	return { competition, top: count(query.get('top'), OVERLAY_TOP), latest: count(query.get('latest'), OVERLAY_LATEST) };
}

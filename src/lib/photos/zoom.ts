/**
 * The photo viewer's zoom and pan, pure: a scale from 1 (the whole photo fits) to ZOOM_MAX, and
 * an offset that never lets the picture leave its frame.
 */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 8;
/** One press of + or −. */
export const ZOOM_STEP = 1.5;

export interface View {
	scale: number;
	/** The picture's offset from the centre, in the frame's pixels. */
	x: number;
	y: number;
}

export const FIT: View = Object.freeze({ scale: 1, x: 0, y: 0 });

/** The offset kept within what the scaled picture can show: at scale 1 none, at 2 half the frame each way. */
export function clampPan(view: View, frame: { width: number; height: number }): View {
	const maxX = (frame.width * (view.scale - 1)) / 2;
	const maxY = (frame.height * (view.scale - 1)) / 2;
	return { scale: view.scale, x: Math.max(-maxX, Math.min(maxX, view.x)), y: Math.max(-maxY, Math.min(maxY, view.y)) };
}

/** Zoomed by `factor` (a wheel's step, a pinch's ratio, a button's ZOOM_STEP) about the centre, within the limits. */
export function zoomBy(view: View, factor: number, frame: { width: number; height: number }): View {
	const scale = Math.max(ZOOM_MIN, Math.min(ZOOM_MAX, view.scale * factor));
	const ratio = scale / view.scale;
	return clampPan({ scale, x: view.x * ratio, y: view.y * ratio }, frame);
}

/** Moved by a drag or an arrow key. */
export function panBy(view: View, dx: number, dy: number, frame: { width: number; height: number }): View {
	return clampPan({ scale: view.scale, x: view.x + dx, y: view.y + dy }, frame);
}

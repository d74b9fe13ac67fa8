import { describe, expect, it } from 'vitest';
import { FIT, panBy, ZOOM_MAX, ZOOM_STEP, zoomBy } from './zoom';

const frame = { width: 800, height: 600 };

describe("the viewer's zoom", () => {
	it('zooms within 1 and the maximum', () => {
		expect(zoomBy(FIT, 1 / ZOOM_STEP, frame)).toEqual(FIT);
		let v = FIT;
		for (let i = 0; i < 20; i++) v = zoomBy(v, ZOOM_STEP, frame);
		expect(v.scale).toBe(ZOOM_MAX);
	});

	it('pans only as far as the zoomed picture reaches, and zooming out pulls it back', () => {
		const twice = zoomBy(FIT, 2, frame);
		expect(panBy(twice, 1000, -1000, frame)).toEqual({ scale: 2, x: 400, y: -300 });
		expect(panBy(FIT, 50, 50, frame)).toEqual(FIT);
		const back = zoomBy(panBy(twice, 1000, 0, frame), 1 / 2, frame);
		expect(back).toEqual({ scale: 1, x: 0, y: 0 });
	});
});

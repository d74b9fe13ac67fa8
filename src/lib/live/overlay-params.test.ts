import { describe, expect, it } from 'vitest';
import { OVERLAY_LATEST, OVERLAY_TOP, overlayParams } from './overlay-params';

const q = (s: string) => overlayParams(new URLSearchParams(s));

describe('overlayParams', () => {
	it('needs a competition; top 10 and latest 3 by default, within their limits', () => {
		expect(q('')).toBeNull();
		expect(q('competition=')).toBeNull();
		expect(q('competition=c1')).toEqual({ competition: 'c1', top: OVERLAY_TOP.default, latest: OVERLAY_LATEST.default });
		expect(q('competition=c1&top=5&latest=0')).toEqual({ competition: 'c1', top: 5, latest: 0 });
		expect(q('competition=c1&top=999&latest=99')).toEqual({ competition: 'c1', top: OVERLAY_TOP.max, latest: OVERLAY_LATEST.max });
		expect(q('competition=c1&top=-1&latest=two')).toEqual({ competition: 'c1', top: 10, latest: 3 });
	});
});

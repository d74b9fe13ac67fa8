import { describe, expect, it } from 'vitest';
import { routeTablePreload } from './route-table-preload.js';

const deps = ['_app/immutable/chunks/A1.js', '_app/immutable/chunks/B2.js'];
const js = (hostId: string) => ({ hostId, hostType: 'js' as const });

describe('routeTablePreload', () => {
	it("lists nothing for SvelteKit's route table (the app entry)", () => {
		expect(routeTablePreload('_app/immutable/nodes/3.x.js', deps, js('_app/immutable/entry/app.DzjBtux9.js'))).toEqual([]);
	});

	it('keeps the list of every other dynamic import', () => {
		for (const host of ['_app/immutable/chunks/BAOdWWOg.js', '_app/immutable/nodes/0.4CGU1z8K.js', '_app/immutable/entry/start.BRO6usSH.js', '_app/immutable/chunks/app.Dx.js'])
			expect(routeTablePreload('_app/immutable/chunks/C3.js', deps, js(host))).toEqual(deps);
	});
});

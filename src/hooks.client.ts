import { loadHeatScreen } from '$lib/station/heat-screen';

// A cold start on a heat's address (/station?competition=…&heat=…, a link or a reload) starts
// loading the heat screen's code, and the reads that open a heat, with the app, in parallel with
// the station page's own code rather than after it; the station's home never loads them
// (src/lib/station/heat-screen.ts, src/lib/station/heat-opening.ts).
if (location.pathname === '/station' && new URLSearchParams(location.search).has('heat')) {
	void loadHeatScreen().catch(() => {});
	void import('$lib/station/heat-opening').catch(() => {});
}

import { loadHeatScreen } from '$lib/station/heat-screen';

// A cold start on a heat's address (/station?competition=…&heat=…, a link or a reload) starts
// loading the heat screen's code with the app, in parallel with the station page's own code
// rather than after it; the station's home never loads it (src/lib/station/heat-screen.ts).
if (location.pathname === '/station' && new URLSearchParams(location.search).has('heat')) void loadHeatScreen().catch(() => {});

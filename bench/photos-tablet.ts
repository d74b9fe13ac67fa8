/** The tablet phase of `npm run bench:photos` (filled in once the station takes photos). */
export async function tabletPhase(_opts: { root: string; chromium: string; admin: string }): Promise<string[][]> {
	return [];
}

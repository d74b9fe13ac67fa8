import type { PreviewRow } from './preview';

/**
 * The rows of a preview the screen shows at once: the first `limit` of them (a file of 10,000
 * rows is not drawn whole), or only those with a problem (a blocked row is found at once
 * whatever its place in the file); how many more there are to show.
 */

/** The rows drawn at first, and added by each "show more". */
export const PREVIEW_PAGE = 200;

export function previewPage(rows: readonly PreviewRow[], options: { problemsOnly: boolean; limit: number }): { rows: PreviewRow[]; more: number; withProblems: number } {
	const withProblems = rows.filter((r) => r.problems.length > 0);
	const chosen = options.problemsOnly ? withProblems : rows;
	return { rows: chosen.slice(0, options.limit), more: Math.max(0, chosen.length - options.limit), withProblems: withProblems.length };
}

/**
 * Pearson's chi-square goodness-of-fit test, for checking that a draw is fair: counts that
 * should be equal (each person in each team position, each slot) are compared with their mean.
 */

/** The statistic Σ (observed − expected)² / expected, against equal expected counts. */
export function chiSquareUniform(counts: readonly number[]): number {
	const total = counts.reduce((a, b) => a + b, 0);
	const expected = total / counts.length;
	return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

/**
 * The value the statistic exceeds with probability about `1e-4` (z = 3.72) for `df` degrees of
 * freedom, by the Wilson–Hilferty approximation: past it, the counts are not uniform.
 */
export function chiSquareCritical(df: number, z = 3.72): number {
	const a = 2 / (9 * df);
	return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

/** Whether every row of counts (one per person) is uniform across its cells at that bound. */
export function looksUniform(rows: readonly (readonly number[])[]): { ok: boolean; worst: number; bound: number } {
	const bound = chiSquareCritical(rows[0]!.length - 1);
	const worst = Math.max(...rows.map(chiSquareUniform));
	return { ok: worst <= bound, worst, bound };
}

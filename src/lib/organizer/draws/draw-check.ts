import { drawTeams, type TeamDraw } from '$lib/setup/draw';

/**
 * "Check a draw" (CZ-TEAM-DRAW): anyone repeats a printed draw on their own device from its seed
 * and its sorted input, with the same pure code the server used (src/lib/setup/draw.ts).
 */

/** The input as printed: one person a line, the ID first ("p-017  Eva Nováková"); empty lines skipped. */
export function inputIds(printed: string): string[] {
	return printed
		.split(/\r?\n/)
		.map((line) => line.trim().split(/\s+/)[0] ?? '')
		.filter((id) => id !== '');
}

/** The teams the seed and the printed input give. */
export function checkTeamDraw(seed: string, printed: string): TeamDraw {
	return drawTeams(inputIds(printed), 4, seed.trim());
}

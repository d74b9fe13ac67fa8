import { expect, it, vi } from 'vitest';

// Any module that loads zod while the scoring module loads makes the import below fail. The
// schemas stay on their side (rules/schema.ts, setup/schema.ts, events/schema.ts): scoring
// imports their types, and pure functions from rules/ruleset-reading.ts and events/action-types.ts.
// .dependency-cruiser-runtime.cjs checks the same statically (npm run check:deps).
vi.mock('zod/mini', () => {
	throw new Error('zod/mini was loaded with the scoring module');
});
vi.mock('zod/locales', () => {
	throw new Error('zod/locales was loaded with the scoring module');
});
vi.mock('zod', () => {
	throw new Error('zod was loaded with the scoring module');
});

it('the scoring module loads without zod: only types and pure functions from the schemas’ folders', async () => {
	const scoring = await import('./index');
	expect(typeof scoring.scoreCompetition).toBe('function');
	expect(typeof scoring.CompetitionScorer).toBe('function');
	const heatClock = await import('./heat-clock');
	expect(typeof heatClock.heatClock).toBe('function');
});

import { describe, expect, it } from 'vitest';
import { IdSchema } from '$lib/setup/schema';
import { RulesetSchema } from '$lib/rules/schema';

// Only the schema modules are imported here: they must bring the English messages with them,
// as zod/mini alone would say "Invalid input" for every problem.
describe('zod messages', () => {
	it('are English for the built-in checks', () => {
		expect(IdSchema.safeParse('x'.repeat(65)).error?.issues.map((i) => i.message)).toEqual(['Too big: expected string to have <=64 characters']);
		expect(RulesetSchema.safeParse(null).error?.issues.map((i) => i.message)).toEqual(['Invalid input: expected object, received null']);
	});

	it('keep the schemas\' own messages', () => {
		expect(IdSchema.safeParse('a b').error?.issues.map((i) => i.message)).toEqual(['letters, digits and _ . : - only']);
	});
});

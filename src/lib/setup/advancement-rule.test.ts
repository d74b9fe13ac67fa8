import { describe, expect, it } from 'vitest';
import { AdvancementRuleSchema } from './advancement-rule';

describe('AdvancementRuleSchema', () => {
	it('rule validation: mode, count and quota are checked', () => {
		expect(AdvancementRuleSchema.safeParse({ mode: 'overall', count: 8 }).success).toBe(true);
		expect(AdvancementRuleSchema.safeParse({ mode: 'per-heat', count: 2, countryQuota: 1 }).success).toBe(true);
		for (const bad of [
			{ mode: 'best', count: 8 },
			{ mode: 'overall' },
			{ mode: 'overall', count: 0 },
			{ mode: 'overall', count: 2.5 },
			{ mode: 'overall', count: '8' },
			{ mode: 'per-heat', count: 2, countryQuota: 0 },
			null
		])
			expect(AdvancementRuleSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
		const r = AdvancementRuleSchema.safeParse({ mode: 'overall', count: 0 });
		expect(r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['count', 'Too small: expected number to be >=1']]);
	});
});

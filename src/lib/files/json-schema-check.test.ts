import { describe, expect, it } from 'vitest';
import { jsonSchemaProblems } from './json-schema-check.testkit';

const schema = {
	type: 'object',
	properties: {
		id: { type: 'string', minLength: 1, maxLength: 4, pattern: '^[a-z]+$' },
		n: { type: 'integer', minimum: 1, maximum: 9 },
		kind: { type: 'string', enum: ['a', 'b'] },
		place: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] },
		pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: { type: 'boolean' }, minItems: 2, maxItems: 3 },
		format: { const: 'x' }
	},
	required: ['id', 'n'],
	additionalProperties: false
};

describe('jsonSchemaProblems (the tests’ JSON Schema check)', () => {
	it('a valid value has no problem', () => {
		expect(jsonSchemaProblems(schema, { id: 'ab', n: 3, kind: 'b', place: null, pair: ['x', 1.5, true], format: 'x' })).toEqual([]);
	});

	it('names every problem with its path', () => {
		expect(
			jsonSchemaProblems(schema, { id: 'ABCDE', n: 2.5, kind: 'c', place: 0, pair: ['x', 'y', 1, 2], format: 'y', extra: 1 })
		).toEqual([
			'$.id: 5 characters breaks maxLength 4',
			'$.id: "ABCDE" does not match ^[a-z]+$',
			'$.n: number where integer is expected',
			'$.kind: "c" is not one of ["a","b"]',
			'$.place: 0 of the anyOf alternatives match',
			'$.pair[1]: string where number is expected',
			'$.pair[2]: integer where boolean is expected',
			'$.pair[3]: integer where boolean is expected',
			'$.pair: 4 items, at most 3 expected',
			'$.format: "y" is not "x"',
			'$: "extra" is not allowed'
		]);
		expect(jsonSchemaProblems(schema, { n: 0 })).toEqual(['$.n: 0 breaks minimum 1', '$: "id" is missing']);
		expect(jsonSchemaProblems(schema, [])).toEqual(['$: array where object is expected']);
	});

	it('a keyword it does not check is an error, not a pass', () => {
		expect(() => jsonSchemaProblems({ type: 'string', $ref: '#/$defs/x' }, 'a')).toThrow(/keyword "\$ref" is not checked/);
	});
});

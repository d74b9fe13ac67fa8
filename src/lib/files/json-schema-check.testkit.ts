/**
 * A JSON Schema (draft 2020-12) check for the tests, of the keywords the generated schemas of
 * docs/ use (json-schema.ts): types, objects, arrays, tuples, enum and const, anyOf and oneOf,
 * bounds, lengths and patterns. A keyword it does not know is an error, never passed over, so
 * a schema that grows one fails the test instead of passing it unchecked. `format` is an
 * annotation in 2020-12 (not asserted).
 *
 * Returns the problems found, each as "path: what"; none when the value is valid.
 */
type Schema = Record<string, unknown>;

const ANNOTATIONS = new Set(['$schema', '$id', 'title', 'description', 'default', 'examples', 'format']);

function typeOf(v: unknown): string {
	if (v === null) return 'null';
	if (Array.isArray(v)) return 'array';
	if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
	return typeof v;
}

function hasType(v: unknown, type: string): boolean {
	const t = typeOf(v);
	return t === type || (type === 'number' && t === 'integer');
}

export function jsonSchemaProblems(schema: Schema, value: unknown, path = '$'): string[] {
	const problems: string[] = [];
	const at = (what: string) => problems.push(`${path}: ${what}`);
	for (const [keyword, rule] of Object.entries(schema)) {
		if (ANNOTATIONS.has(keyword)) continue;
		switch (keyword) {
			case 'type': {
				const types = Array.isArray(rule) ? (rule as string[]) : [rule as string];
				if (!types.some((t) => hasType(value, t))) at(`${typeOf(value)} where ${types.join(' or ')} is expected`);
				break;
			}
			case 'enum':
				if (!(rule as unknown[]).some((x) => JSON.stringify(x) === JSON.stringify(value))) at(`${JSON.stringify(value)} is not one of ${JSON.stringify(rule)}`);
				break;
			case 'const':
				if (JSON.stringify(rule) !== JSON.stringify(value)) at(`${JSON.stringify(value)} is not ${JSON.stringify(rule)}`);
				break;
			case 'properties':
				if (typeOf(value) === 'object')
					for (const [k, sub] of Object.entries(rule as Record<string, Schema>))
						if (Object.hasOwn(value as object, k)) problems.push(...jsonSchemaProblems(sub, (value as Record<string, unknown>)[k], `${path}.${k}`));
				break;
			case 'required':
				if (typeOf(value) === 'object') for (const k of rule as string[]) if (!Object.hasOwn(value as object, k)) at(`"${k}" is missing`);
				break;
			case 'additionalProperties':
				if (typeOf(value) === 'object') {
					const known = new Set(Object.keys((schema.properties as object | undefined) ?? {}));
					for (const [k, v] of Object.entries(value as object)) {
						if (known.has(k)) continue;
						if (rule === false) at(`"${k}" is not allowed`);
						else if (rule !== true) problems.push(...jsonSchemaProblems(rule as Schema, v, `${path}.${k}`));
					}
				}
				break;
			case 'items':
				if (Array.isArray(value)) {
					const from = Array.isArray(schema.prefixItems) ? schema.prefixItems.length : 0;
					value.slice(from).forEach((v, i) => problems.push(...jsonSchemaProblems(rule as Schema, v, `${path}[${i + from}]`)));
				}
				break;
			case 'prefixItems':
				if (Array.isArray(value)) (rule as Schema[]).forEach((sub, i) => i < value.length && problems.push(...jsonSchemaProblems(sub, value[i], `${path}[${i}]`)));
				break;
			case 'minItems':
				if (Array.isArray(value) && value.length < (rule as number)) at(`${value.length} items, at least ${rule} expected`);
				break;
			case 'maxItems':
				if (Array.isArray(value) && value.length > (rule as number)) at(`${value.length} items, at most ${rule} expected`);
				break;
			case 'anyOf':
			case 'oneOf': {
				const passing = (rule as Schema[]).filter((sub) => jsonSchemaProblems(sub, value, path).length === 0).length;
				if (keyword === 'anyOf' ? passing === 0 : passing !== 1) at(`${passing} of the ${keyword} alternatives match`);
				break;
			}
			case 'minimum':
			case 'maximum':
			case 'exclusiveMinimum':
			case 'exclusiveMaximum': {
				if (typeof value !== 'number') break;
				const n = rule as number;
				const ok = keyword === 'minimum' ? value >= n : keyword === 'maximum' ? value <= n : keyword === 'exclusiveMinimum' ? value > n : value < n;
				if (!ok) at(`${value} breaks ${keyword} ${n}`);
				break;
			}
			case 'minLength':
			case 'maxLength': {
				if (typeof value !== 'string') break;
				const length = [...value].length;
				if (keyword === 'minLength' ? length < (rule as number) : length > (rule as number)) at(`${length} characters breaks ${keyword} ${rule}`);
				break;
			}
			case 'pattern':
				if (typeof value === 'string' && !new RegExp(rule as string, 'u').test(value)) at(`"${value}" does not match ${rule}`);
				break;
			default:
				throw new Error(`${path}: the JSON Schema keyword "${keyword}" is not checked here (json-schema-check.testkit.ts)`);
		}
	}
	return problems;
}

import { safeParse, type core } from 'zod/mini';

/** One problem found in input: where (a dotted path such as `unit.size.min`) and why. */
export interface ValidationIssue {
	path: string;
	message: string;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

export function issuePath(path: readonly PropertyKey[]): string {
	return path.length === 0 ? '(root)' : path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p))).join('.').replace(/\.\[/g, '[');
}

export function toIssues(error: core.$ZodError): ValidationIssue[] {
	return error.issues.map((i) => ({ path: issuePath(i.path), message: i.message }));
}

/** Parses with a zod schema and returns issues that name the field and the reason. */
export function validate<S extends core.$ZodType>(schema: S, input: unknown): Validated<core.output<S>> {
	const r = safeParse(schema, input);
	return r.success ? { ok: true, value: r.data } : { ok: false, issues: toIssues(r.error) };
}

export function describeIssues(issues: ValidationIssue[]): string {
	return issues.map((i) => `${i.path}: ${i.message}`).join('; ');
}

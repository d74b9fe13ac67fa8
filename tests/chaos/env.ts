/** A number from the environment, or `fallback` when the variable is unset or empty; anything else is an error. */
export function envNumber(name: string, fallback: number): number {
	const v = process.env[name];
	if (v === undefined || v === '') return fallback;
	const n = Number(v);
	if (!Number.isFinite(n)) throw new Error(`${name}=${v} is not a number`);
	return n;
}

import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrations';

/**
 * The migrations are history (issue 31 #6): a database that ran one never runs it again, so a
 * migration that shipped must never change, not even where it is generated (18 is made from the
 * plain-text rules: a change of those rules needs a new migration, not an edit). Each one's SQL is
 * pinned by the start of its SHA-256; a new migration adds its hash at the end.
 */
const SHIPPED = [
	'5df1602c3f9b4610',
	'de1bf9bdac5b0ae4',
	'05d27c5376f3d3da',
	'5be9108141dda2e6',
	'bd22605be467fa62',
	'dfff30ee44508329',
	'189c8662549dfe99',
	'db7ced80b05f36ff',
	'0fa3bb011d9d2ea8',
	'1cfaa17f4e759dc2',
	'45ad05985dfbd5ef',
	'cc7dd0e694ae2906',
	'3b80fce1bfe72fd4',
	'bd8cc271e8dce4fe',
	'682e16a24caca97e',
	'0f0be51ebd392063',
	'c30abfdc7e1d71ca',
	'9d1fea5a5f8ee230',
	'a17a9e2c026d2c0f',
	'f28a25727de59fa9',
	'a41962e3e57b151c',
	// 22: the photos (issue 33).
	'b0ee3559ecba28b9'
];

const hashOf = (sql: string) => createHash('sha256').update(sql).digest('hex').slice(0, 16);

describe('the store\'s migrations', () => {
	it('are one file each, numbered 01, 02 … in the order they run', () => {
		const files = readdirSync(new URL('./migrations/', import.meta.url)).filter((f) => /^\d\d-.+\.ts$/.test(f)).sort();
		expect(files.map((f) => Number(f.slice(0, 2)))).toEqual(MIGRATIONS.map((_, i) => i + 1));
	});

	it('never change once shipped: each one\'s SQL is the SQL that ran', () => {
		expect(MIGRATIONS.slice(0, SHIPPED.length).map(hashOf)).toEqual(SHIPPED);
		expect(MIGRATIONS.length, 'a new migration adds its hash to SHIPPED').toBe(SHIPPED.length);
	});

	it('a changed migration is seen', () => {
		expect(hashOf(MIGRATIONS[6]! + ' ')).not.toBe(SHIPPED[6]);
	});
});

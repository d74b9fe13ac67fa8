/**
 * The end of `npm test`'s output (scripts/test.sh): each section's time, the 15 slowest tests of
 * the run (vitest and Playwright together) and every Playwright retry, which is a defect to fix
 * even when the retry passed.
 *
 *   node scripts/test-report.js SECTIONS_FILE PLAYWRIGHT_JSON [VITEST_JSON...]
 *
 * SECTIONS_FILE: one "seconds<TAB>name" line per finished section, after a "seconds<TAB>name<TAB>part"
 * line for each part it ran at once. Missing reports are skipped
 * (a section that failed before writing one).
 */
import { existsSync, readFileSync } from 'node:fs';

const [sectionsFile, playwrightFile, ...vitestFiles] = process.argv.slice(2);
const SLOWEST = 15;

/** "1 min 05 s" or "12.3 s". */
function duration(seconds) {
	if (seconds < 60) return `${seconds.toFixed(1)} s`;
	const min = Math.floor(seconds / 60);
	return `${min} min ${String(Math.round(seconds - min * 60)).padStart(2, '0')} s`;
}

function readJson(file) {
	if (!file || !existsSync(file)) return null;
	try {
		return JSON.parse(readFileSync(file, 'utf8'));
	} catch (e) {
		console.log(`(cannot read ${file}: ${e.message})`);
		return null;
	}
}

/** Every test of vitest's JSON report: { name, seconds }. */
function vitestTests(report) {
	if (!report) return [];
	return report.testResults.flatMap((file) =>
		file.assertionResults.map((t) => ({
			name: `vitest ${file.name.replace(`${process.cwd()}/`, '')} › ${t.fullName}`,
			seconds: (t.duration ?? 0) / 1000
		}))
	);
}

/** Passed and failed counts of vitest's JSON reports. */
function vitestCounts(reports) {
	return {
		passed: reports.reduce((sum, r) => sum + r.numPassedTests, 0),
		failed: reports.reduce((sum, r) => sum + r.numFailedTests, 0)
	};
}

/** Every test of Playwright's JSON report with its results: { name, seconds, retries, outcome }. */
function playwrightTests(report) {
	if (!report) return [];
	const tests = [];
	const walk = (suite, titles) => {
		for (const spec of suite.specs ?? []) {
			for (const test of spec.tests) {
				const results = test.results ?? [];
				tests.push({
					name: `playwright ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`,
					seconds: results.reduce((sum, r) => sum + r.duration, 0) / 1000,
					retries: Math.max(0, results.length - 1),
					outcome: test.status
				});
			}
		}
		for (const child of suite.suites ?? []) walk(child, child.file === child.title ? titles : [...titles, child.title]);
	};
	for (const suite of report.suites) walk(suite, []);
	return tests;
}

/** Each section, with the parts it ran at once (their lines come before the section's own). */
const sections = [];
let parts = [];
if (existsSync(sectionsFile)) {
	for (const line of readFileSync(sectionsFile, 'utf8').split('\n').filter(Boolean)) {
		const [seconds, name, kind] = line.split('\t');
		if (kind === 'part') parts.push({ name, seconds: Number(seconds) });
		else {
			sections.push({ name, seconds: Number(seconds), parts });
			parts = [];
		}
	}
}
const total = sections.reduce((sum, s) => sum + s.seconds, 0);
console.log('Time by section:');
for (const s of sections) {
	console.log(`  ${duration(s.seconds).padStart(10)}  ${s.name}`);
	for (const p of s.parts) console.log(`  ${''.padStart(10)}    ${duration(p.seconds)}  ${p.name}`);
}
console.log(`  ${duration(total).padStart(10)}  in all`);

const vitestReports = vitestFiles.map(readJson).filter((r) => r !== null);
const playwright = playwrightTests(readJson(playwrightFile));
const all = [...vitestReports.flatMap(vitestTests), ...playwright].sort((a, b) => b.seconds - a.seconds);
if (all.length > 0) {
	console.log(`\nThe ${Math.min(SLOWEST, all.length)} slowest tests:`);
	for (const t of all.slice(0, SLOWEST)) console.log(`  ${duration(t.seconds).padStart(10)}  ${t.name}`);
}

const retried = playwright.filter((t) => t.retries > 0);
if (playwright.length > 0) {
	console.log(retried.length === 0 ? '\nPlaywright retries: none.' : `\nPlaywright retries (each a defect to fix, even when the retry passed): ${retried.length}`);
	for (const t of retried) console.log(`  ${t.retries} × ${t.outcome}: ${t.name}`);
}

// The plain closing line: vitest's and Playwright's tests together (a flaky test passed on its retry).
const counts = vitestCounts(vitestReports);
const playwrightFailed = playwright.filter((t) => t.outcome === 'unexpected').length;
const playwrightPassed = playwright.filter((t) => t.outcome === 'expected' || t.outcome === 'flaky').length;
console.log(`\n${counts.passed + playwrightPassed} passed, ${counts.failed + playwrightFailed} failed`);

import { describe, expect, it } from 'vitest';
import { stationChunkGroups, stationChunks } from './station-chunks.js';

/** A client build's module graph in miniature: each module's static imports; entries marked. */
const GRAPH: Record<string, { imports: string[]; entry?: boolean }> = {
	'/k/runtime/client/entry.js': { imports: ['/k/svelte.js'], entry: true },
	'/app/.svelte-kit/generated/client-optimized/app.js': { imports: ['/app/src/hooks.client.ts'], entry: true },
	'/app/.svelte-kit/generated/client-optimized/nodes/0.js': { imports: ['/app/src/routes/+layout.svelte'], entry: true },
	'/app/.svelte-kit/generated/client-optimized/nodes/1.js': { imports: ['/k/svelte.js'], entry: true },
	'/app/.svelte-kit/generated/client-optimized/nodes/5.js': { imports: ['/app/src/routes/organizer/+page.svelte'], entry: true },
	'/app/.svelte-kit/generated/client-optimized/nodes/7.js': { imports: ['/app/src/routes/station/+page.svelte'], entry: true },
	'/app/src/hooks.client.ts': { imports: [] },
	'/app/src/routes/+layout.svelte': { imports: ['/k/svelte.js', '/app/src/lib/db/dexie.ts', '/app/src/lib/i18n/paraglide/messages.js'] },
	'/app/src/lib/i18n/paraglide/messages.js': { imports: ['/app/src/lib/i18n/paraglide/messages/hello.js'] },
	'/app/src/lib/i18n/paraglide/messages/hello.js': { imports: [] },
	'/k/svelte.js': { imports: [] },
	'/app/src/lib/db/dexie.ts': { imports: [] },
	'/app/src/routes/organizer/+page.svelte': { imports: ['/app/src/lib/ui/Panel.svelte', '/app/src/lib/scoring/scorer.ts', '/app/src/lib/seating/seat-order.ts'] },
	'/app/src/routes/station/+page.svelte': { imports: ['/app/src/lib/ui/Panel.svelte', '/app/src/lib/station/station-screen.ts', '/app/src/lib/db/dexie.ts'] },
	'/app/src/lib/ui/Panel.svelte': { imports: [] },
	'/app/src/lib/station/station-screen.ts': { imports: [] },
	'/app/src/lib/station/home-choices.ts': { imports: ['/app/src/lib/station/choice-tree.ts', '/app/src/lib/station/card-scope.ts', '/app/src/lib/seating/seat-order.ts'] },
	'/app/src/lib/station/choice-tree.ts': { imports: [] },
	'/app/src/lib/station/card-scope.ts': { imports: [] },
	'/app/src/lib/seating/seat-order.ts': { imports: [] },
	'/app/src/lib/station/heat-session.svelte.ts': { imports: ['/app/src/lib/scoring/scorer.ts', '/app/src/lib/station/heat/tap.ts'] },
	'/app/src/lib/station/heat-opening.ts': { imports: ['/app/src/lib/station/card-scope.ts'] },
	'/app/src/lib/scoring/scorer.ts': { imports: [] },
	'/app/src/lib/station/heat/tap.ts': { imports: [] }
};

/** Runs the plugin over GRAPH (or `graph`), then says which group takes each module. */
function groupsOf(graph = GRAPH): Record<string, string | null> {
	const plugin = stationChunks();
	const context = {
		getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
		getModuleInfo: (id: string) => (graph[id] ? { importedIds: graph[id].imports, isEntry: graph[id].entry === true } : null)
	};
	(plugin.buildEnd as unknown as (this: typeof context) => void).call(context);
	const byName = [...stationChunkGroups].sort((a, b) => b.priority - a.priority);
	return Object.fromEntries(Object.keys(graph).map((id) => [id.replace(/^.*\/(src|k)\//, ''), byName.find((g) => g.test(id))?.name ?? null]));
}

describe('station chunks', () => {
	const groups = groupsOf();

	it('puts what every page loads in the shell, but neither the entries nor the messages', () => {
		expect(groups['svelte.js']).toBe('shell');
		expect(groups['lib/db/dexie.ts']).toBe('shell');
		expect(groups['routes/+layout.svelte']).toBe('shell');
		expect(groups['hooks.client.ts']).toBe('shell');
		expect(groups['runtime/client/entry.js']).toBeNull();
		expect(groups['lib/i18n/paraglide/messages/hello.js']).toBeNull();
		expect(groups['lib/i18n/paraglide/messages.js']).toBeNull();
	});

	it("splits the station page's code into what other routes share and its own", () => {
		expect(groups['lib/ui/Panel.svelte']).toBe('home-shared');
		expect(groups['lib/station/station-screen.ts']).toBe('station');
		expect(groups['routes/station/+page.svelte']).toBe('station');
	});

	it("gives what the chooser shares with a heat or other routes a chunk of its own, so that a home with heats loads no heat's code", () => {
		expect(groups['lib/station/card-scope.ts']).toBe('choice-shared');
		expect(groups['lib/seating/seat-order.ts']).toBe('choice-shared');
		expect(groups['lib/station/choice-tree.ts']).toBe('chooser');
		expect(groups['lib/station/home-choices.ts']).toBe('chooser');
	});

	it("splits a heat's code into what other routes share (the scorer) and its own", () => {
		expect(groups['lib/scoring/scorer.ts']).toBe('heat-shared');
		expect(groups['lib/station/heat/tap.ts']).toBe('heat');
		expect(groups['lib/station/heat-session.svelte.ts']).toBe('heat');
		expect(groups['lib/station/heat-opening.ts']).toBe('heat');
	});

	it('leaves modules that only other routes import to the bundler', () => {
		expect(groups['routes/organizer/+page.svelte']).toBeNull();
	});

	it('groups nothing in a build without the route table (the server build)', () => {
		const server = Object.fromEntries(Object.entries(GRAPH).filter(([id]) => !id.endsWith('/app.js')));
		expect(Object.values(groupsOf(server)).every((g) => g === null)).toBe(true);
	});
});

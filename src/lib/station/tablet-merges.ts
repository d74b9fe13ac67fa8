import type { SetupBundle } from '$lib/db/setup-store';
import type { JudgeEvent } from '$lib/events/schema';
import { applyMerges, mapEvent, mergeMappings, type Mapping } from '$lib/files/apply-merges';
import type { Entry } from '$lib/setup/schema';
import type { HeatEventCount } from './choice-tree';

/**
 * The competitions the organizer merged, as the tablet follows them (issue 30 #3): the tablet
 * shows one competition, the kept one, in its merged state, as the organizer's standings do
 * (src/lib/files/apply-merges.ts, the same mapping): its heats and entries with the folded-in
 * competition's new ones, and the folded-in competition's events read as the kept one's.
 * Nothing stored is rewritten; a heat of the folded-in competition opens as the heat it was
 * merged into.
 */
export interface TabletMerges {
	/** The tablet's set-up with the merges applied (what the chooser lists). */
	readonly directory: SetupBundle;
	/** Where a heat is now: the kept competition's heat it was merged into (itself when not merged). */
	resolve(competitionId: string, heatId: string): { competitionId: string; heatId: string };
	/** The heats read as this one: itself and the folded-in heats merged into it. */
	sources(competitionId: string, heatId: string): { competitionId: string; heatId: string }[];
	/** An event as the merged competition reads it. */
	read(event: JudgeEvent): JudgeEvent;
	/** The merged competition's entries (the kept one's, and the folded-in ones added as new). */
	entries(competitionId: string): Entry[];
	/** Events stored per heat, counted under the heat they are read as. */
	counts(counts: readonly HeatEventCount[]): HeatEventCount[];
}

export function tabletMerges(directory: SetupBundle): TabletMerges {
	const mappings = mergeMappings(directory);
	const merged = applyMerges({ setup: { ...directory, events: directory.days }, log: [] as JudgeEvent[] });
	const { events: _days, ...mergedSetup } = merged.setup;
	const mergedDirectory: SetupBundle = mappings.size === 0 ? directory : { ...mergedSetup, days: directory.days };
	const heatOf = (m: Mapping, heatId: string) => m.heats.get(heatId) ?? heatId;

	function resolve(competitionId: string, heatId: string) {
		const m = mappings.get(competitionId);
		return m ? { competitionId: m.keptId, heatId: heatOf(m, heatId) } : { competitionId, heatId };
	}

	return {
		directory: mergedDirectory,
		resolve,
		sources(competitionId, heatId) {
			const found = [{ competitionId, heatId }];
			for (const [folded, m] of mappings) {
				if (m.keptId !== competitionId) continue;
				for (const [from, to] of m.heats) if (to === heatId) found.push({ competitionId: folded, heatId: from });
			}
			return found;
		},
		read(event) {
			const m = mappings.get(event.competitionId);
			return m ? mapEvent(event, m) : event;
		},
		entries(competitionId) {
			return mergedDirectory.entries.filter((e) => e.competitionId === competitionId);
		},
		counts(counts) {
			const summed = new Map<string, HeatEventCount>();
			for (const c of counts) {
				const at = resolve(c.competitionId, c.heatId);
				const key = `${at.competitionId}\u0000${at.heatId}`;
				const held = summed.get(key);
				if (held) held.count += c.count;
				else summed.set(key, { ...at, count: c.count });
			}
			return [...summed.values()];
		}
	};
}

import type { DeviceLog } from '$lib/events/builder';
import type { EffectiveEvent } from '../types';

/** Test helpers for the steps of `foldEntry`. */

/** A tablet's events as the fold takes them: its actions (a test here records no correction). */
export function actionsOf(log: DeviceLog): EffectiveEvent[] {
	return log.events.filter((e): e is EffectiveEvent => e.type !== 'correction');
}

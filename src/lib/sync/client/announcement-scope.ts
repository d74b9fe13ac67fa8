import type { Announcement } from '$lib/contract';
import type { PullScope } from './pull';

/**
 * Whether an announcement brings anything this device pulls: a device that pulls everything
 * (a null scope: organizer, display, desk) always; a judge tablet when one of the announced
 * competitions is one it follows (the others' taps are not its business).
 */
export function announcementConcerns(announcement: Announcement, scopes: readonly PullScope[]): boolean {
	return scopes.some((scope) => scope === null || announcement.competitions.includes(scope.competitionId));
}

import { loadEventChecks } from '$lib/db/event-checks';

/**
 * Loads the event checks (zod, ≈ 50 ms of set-up at 4× CPU throttling) once the seat grid has
 * painted, not before it (issue 34): a tap's write is then issued in its own handler, as soon
 * as the judge can tap. A tap before they are there still waits for them inside the write
 * (EventLog.append), so every event is checked all the same.
 */
export function loadEventChecksAfterPaint(): void {
	requestAnimationFrame(() => setTimeout(() => void loadEventChecks().catch(() => {})));
}

import type { SyncApi } from '$lib/sync/client/api';
import type { EvidenceState } from '$lib/contract';
import { PendingAction } from './pending-action.svelte';

/**
 * The event screen's evidence panel (issue 33): what the server keeps of the event's photos and
 * until when (GET /api/events/{e}/evidence), the retention changed, every photo erased now (after a
 * confirmation the panel asks for). Each answer is the state as it is after the change.
 */
export class EvidenceSettings {
	state = $state<EvidenceState | null>(null);
	loadError = $state<string | null>(null);
	readonly saving = new PendingAction();
	readonly erasing = new PendingAction();
	/** The erasure asked for, waiting for its confirmation. */
	confirming = $state(false);

	constructor(
		private readonly api: SyncApi,
		readonly eventId: string
	) {}

	async load(): Promise<void> {
		try {
			this.state = await this.api.evidence(this.eventId);
			this.loadError = null;
		} catch (e) {
			this.loadError = e instanceof Error ? e.message : String(e);
		}
	}

	setRetention(days: number, saved: string): Promise<boolean> {
		return this.saving.run(async () => {
			this.state = await this.api.setEvidenceRetention(this.eventId, days);
			return saved;
		});
	}

	erase(erased: string): Promise<boolean> {
		this.confirming = false;
		return this.erasing.run(async () => {
			this.state = await this.api.eraseEvidence(this.eventId);
			return erased;
		});
	}
}

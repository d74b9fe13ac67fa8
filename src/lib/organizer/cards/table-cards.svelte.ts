import type { SyncApi } from '$lib/sync/client/api';
import type { TableCard } from '$lib/contract';

/** The event's table cards on the organizer's screen: listed from the server, each revocable. */
export class TableCards {
	cards = $state.raw<TableCard[]>([]);
	error = $state<string | null>(null);
	busy = $state<string | null>(null);

	constructor(
		private readonly api: SyncApi,
		private readonly eventId: string
	) {}

	async load(): Promise<void> {
		try {
			this.cards = await this.api.tableCards(this.eventId);
			this.error = null;
		} catch (e) {
			this.error = e instanceof Error ? e.message : String(e);
		}
	}

	async revoke(id: string): Promise<void> {
		this.busy = id;
		try {
			const revoked = await this.api.revokeCard(this.eventId, id);
			this.cards = this.cards.map((c) => (c.id === id ? revoked : c));
			this.error = null;
		} catch (e) {
			this.error = e instanceof Error ? e.message : String(e);
		} finally {
			this.busy = null;
		}
	}
}

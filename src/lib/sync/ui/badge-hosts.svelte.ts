/**
 * How many screen headers show the sync badge right now. The root layout's badge stands in
 * only while none does (a screen not yet on the design layer): a screen's header places its
 * own, and the layout's steps aside.
 */
class BadgeHosts {
	count = $state(0);

	/** A header shows the badge until the returned function is called. */
	host(): () => void {
		this.count++;
		return () => this.count--;
	}
}

export const badgeHosts = new BadgeHosts();

import type { DomainEvent } from './events/event';

/** The settings_changed key of a site change that moves no zone (every process's list rereads). */
export const SITES_KEY = 'sites';

/**
 * What the sites list counts changed: a site that moves no zone, or a department, person, device
 * or camera that came, went or moved to another site. Published in the change's transaction, it
 * makes every process read the list again, so Organisation > Sites counts are right at once.
 */
export const siteCountsChanged = (): DomainEvent => ({ kind: 'settings_changed', keys: [SITES_KEY] });

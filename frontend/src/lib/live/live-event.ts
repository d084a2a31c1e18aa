import type { components } from '@/lib/api/openapi';

/**
 * One event of the live stream (`GET /api/events`), as its `data` arrives: a new message, a read
 * receipt, someone coming online or going offline, a conversation that closed, or an afspraak
 * proposed or moved on. Checked by `parse-live-event.ts`, which loads with the first event.
 */
export type LiveEvent = components['schemas']['LiveEventData'];

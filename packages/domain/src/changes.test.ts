import { describe, expect, it } from 'vitest';
import { CHANGE_ENTITIES, EVENT_TYPES, eventTypeOf, liveEventSchema } from './changes';

describe('the change feed words', () => {
  it('every event type is <entity>.<action> of a change entity, once', () => {
    expect(new Set(EVENT_TYPES).size).toBe(EVENT_TYPES.length);
    for (const type of EVENT_TYPES) expect(CHANGE_ENTITIES).toContain(type.split('.')[0]);
  });

  it('names the event of a change: a file change is an order update; actions integrators do not hear of have none', () => {
    expect(eventTypeOf({ entity: 'invoice', action: 'updated' })).toBe('invoice.updated');
    expect(eventTypeOf({ entity: 'order', action: 'files_changed' })).toBe('order.updated');
    expect(eventTypeOf({ entity: 'payment', action: 'recorded' })).toBe('payment.recorded');
    expect(eventTypeOf({ entity: 'bill_of_lading', action: 'deleted' })).toBeNull();
  });

  it('reads a live event as the server sends it, and refuses an unknown entity', () => {
    const change = {
      entity: 'order',
      id: 1,
      version: 2,
      action: 'updated',
      by: 3,
      by_name: 'staff',
      at: '2026-11-27T08:00:00.000Z',
    };
    expect(liveEventSchema.parse({ type: 'change', change })).toEqual({ type: 'change', change });
    expect(liveEventSchema.safeParse({ type: 'change', change: { ...change, entity: 'user' } }).success).toBe(
      false,
    );
    expect(liveEventSchema.parse({ type: 'listening' })).toEqual({ type: 'listening' });
    expect(liveEventSchema.parse({ type: 'refetch', reason: 'reconnected' })).toEqual({
      type: 'refetch',
      reason: 'reconnected',
    });
  });
});

import type { RouterOutputs } from '../../lib/trpc';

export type ShipSchedule = RouterOutputs['schedule']['shipSchedule'];
export type ScheduledOrder = ShipSchedule['orders'][number];
export type MonthlyFigures = RouterOutputs['schedule']['monthly'];

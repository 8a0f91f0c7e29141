import { useEffect, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BOARD_STATUSES, addDays, formatUsDate, isIsoDate, statusLabel, todayIso } from '@icehouse/domain';
import { PageHeader } from '../../components/PageHeader';
import { Notice } from '../../components/Notice';
import { serverMessage } from '../../lib/errors';
import { useLiveChanges } from '../../lib/live';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { orderHref } from '../order-form/OrderFormProvider';
import { useCan } from '../../lib/access';
import { PRODUCTION_TEXT as T } from './texts';

type Status = (typeof BOARD_STATUSES)[number];
type Card = RouterOutputs['production']['board']['cards'][number];

/**
 * The shop board (/board?week=YYYY-MM-DD): the ship week's orders in a column per status. A card moves
 * forward (the only way the status call moves an order) by drag and drop, by its button, or by → when it
 * has focus; each move is the order's own status call (requirements enforced by the server; a refusal
 * shows on the card). After a move the card keeps the focus in its new column and the move is announced.
 * Live: a colleague's move arrives through the change feed.
 */
export function ShopBoard() {
  const utils = trpc.useUtils();
  // The chosen week is in the address, so that a reload or a shared link opens the same week.
  const [params, setParams] = useSearchParams();
  const asked = params.get('week');
  const week = asked && isIsoDate(asked) ? asked : todayIso();
  const setWeek = (day: string) => setParams({ week: day }, { replace: true });
  const board = trpc.production.board.useQuery({ week });
  const change = trpc.orders.changeStatus.useMutation();
  // Moving the work is sales' and the shop's (orders.changeStatus); accounting reads the board.
  const mayMove = useCan(['sales', 'production']);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [moving, setMoving] = useState<number | null>(null);
  const [announced, setAnnounced] = useState('');
  // The card moved from the keyboard: focused again once it shows in its new column.
  const [refocus, setRefocus] = useState<number | null>(null);
  useLiveChanges((c) => {
    if (c.entity === 'order') void utils.production.board.invalidate();
  });

  async function move(card: Card, to: Status) {
    setMoving(card.id);
    try {
      await change.mutateAsync({ id: card.id, new_status: to });
      setErrors(({ [card.id]: _gone, ...rest }) => rest);
      setAnnounced(T.moved(card.door_number, statusLabel(to)));
    } catch (error) {
      setErrors((e) => ({ ...e, [card.id]: serverMessage(error) ?? T.moveError }));
    } finally {
      // The board as it is now first, then the card is free again (and refocused in its new column).
      await utils.production.board.invalidate();
      setMoving(null);
    }
  }

  /** The column a card can move to: its next status (an order never moves back), when that is on the board. */
  const forward = (card: Card): Status | null =>
    mayMove && (BOARD_STATUSES as readonly string[]).includes(card.next_possible_status ?? '') ? (card.next_possible_status as Status) : null;

  function onKeyDown(event: KeyboardEvent, card: Card) {
    if (event.target !== event.currentTarget || event.key !== 'ArrowRight') return;
    const to = forward(card);
    if (!to) return;
    event.preventDefault();
    setRefocus(card.id);
    void move(card, to);
  }

  useEffect(() => {
    if (refocus === null || moving !== null) return;
    document.querySelector<HTMLElement>(`[data-card="${refocus}"]`)?.focus();
    setRefocus(null);
  }, [refocus, moving, board.data]);

  function onDrop(event: DragEvent, to: Status) {
    event.preventDefault();
    const id = Number(event.dataTransfer.getData('text/plain'));
    const card = [...(board.data?.cards ?? []), ...(board.data?.unscheduled ?? [])].find((c) => c.id === id);
    if (card && forward(card) === to) void move(card, to);
  }

  const data = board.data;

  const cardItem = (card: Card) => (
    <li
      key={card.id}
      data-card={card.id}
      tabIndex={0}
      draggable
      aria-label={T.cardLabel(card.door_number)}
      aria-busy={moving === card.id}
      onDragStart={(e) => e.dataTransfer.setData('text/plain', String(card.id))}
      onKeyDown={(e) => onKeyDown(e, card)}
      className="rounded-md border border-slate-200 bg-white p-2 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-sky-600"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* The order opens over the board itself (every role may read it; the dashboard is not the shop's). */}
        <Link to={orderHref(params.toString(), card.id)} className="inline-flex min-h-11 items-center font-semibold text-sky-800 underline">
          {T.door(card.door_number)}
        </Link>
        <span className="text-xs text-slate-600">{formatUsDate(card.ship_date)}</span>
        {/* What the shop works from: one tap on a tablet, a finger's size (44 px). */}
        <a
          href={`/api/production/orders/${card.id}/build-sheet/`}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-sky-800 underline ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
        >
          {T.buildSheetOf(card.door_number)}
        </a>
      </div>
      <div className="text-slate-800">{card.customer_name}</div>
      <div className="text-xs text-slate-600">{card.building}</div>
      {card.missing_requirements.length > 0 && (
        <div className="mt-1 text-xs text-amber-800">{T.needs(card.missing_requirements)}</div>
      )}
      {errors[card.id] && (
        <div role="alert" className="mt-1 text-xs text-red-700">
          {errors[card.id]}
        </div>
      )}
      {forward(card) && (
        <div className="mt-2 flex justify-end">
          <button
            type="button"
            className="min-h-11 rounded-md px-3 text-sm font-medium text-sky-800 underline ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
            disabled={moving === card.id}
            onClick={() => void move(card, forward(card)!)}
          >
            {T.moveTo(statusLabel(forward(card)!), card.door_number)}
          </button>
        </div>
      )}
    </li>
  );
  return (
    <section className="flex flex-col gap-4">
      <PageHeader
        title={T.boardTitle}
        description={data ? T.weekOf(formatUsDate(data.from), formatUsDate(data.to)) : undefined}
        actions={
          <>
            <button type="button" className={BUTTON} onClick={() => setWeek(addDays(data?.from ?? week, -7))}>
              {T.previousWeek}
            </button>
            <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
              {T.shipWeek}
              <input type="date" value={week} onChange={(e) => e.target.value && setWeek(e.target.value)} className="rounded-md border border-slate-300 px-2 py-1" />
            </label>
            <button type="button" className={BUTTON} onClick={() => setWeek(addDays(data?.from ?? week, 7))}>
              {T.nextWeek}
            </button>
            {data && data.cards.length > 0 && (
              <a className={BUTTON} target="_blank" rel="noopener" href={`/api/production/build-sheets/?orders=${data.cards.map((c) => c.id).join(',')}`}>
                {T.printBuildSheets}
              </a>
            )}
          </>
        }
      />
      <p className="text-xs text-slate-500">{T.boardHint}</p>
      <p role="status" aria-live="polite" className="sr-only">
        {announced}
      </p>
      {data && data.capacity !== null && (
        <p
          role="status"
          className={data.over_capacity ? 'rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-semibold text-red-800' : 'text-sm text-slate-700'}
        >
          {data.over_capacity ? T.overCapacity(data.units, data.capacity) : T.capacity(data.units, data.capacity)}
        </p>
      )}
      {board.isError && <Notice tone="error">{T.boardLoadError}</Notice>}
      <div className={`grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-4 ${data?.over_capacity ? 'rounded-lg ring-2 ring-red-400 ring-offset-4' : ''}`}>
        {BOARD_STATUSES.map((status) => {
          const cards = data?.cards.filter((c) => c.status === status) ?? [];
          return (
            <section
              key={status}
              aria-label={statusLabel(status)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => onDrop(e, status)}
              className="flex min-h-40 flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3"
            >
              <h2 className="text-sm font-semibold text-slate-800">
                {statusLabel(status)} <span className="font-normal text-slate-500">({cards.length})</span>
              </h2>
              <ul className="flex flex-col gap-2">
                {cards.map(cardItem)}
              </ul>
            </section>
          );
        })}
      </div>
      {data && data.unscheduled.length > 0 && (
        <section aria-labelledby="board-unscheduled" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3">
          <h2 id="board-unscheduled" className="text-sm font-semibold text-slate-800">
            {T.unscheduledTitle} <span className="font-normal text-slate-600">({data.unscheduled.length})</span>
          </h2>
          <p className="mb-2 text-xs text-slate-700">{T.unscheduledHint}</p>
          <ul className="grid grid-cols-1 gap-2 md:grid-cols-2 xl:grid-cols-4">{data.unscheduled.map(cardItem)}</ul>
        </section>
      )}
    </section>
  );
}

const BUTTON =
  'rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-600';

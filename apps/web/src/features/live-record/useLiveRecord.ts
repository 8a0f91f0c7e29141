import { useEffect, useState } from 'react';
import { get, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useLiveChanges, useLiveUserId, usePresence, type LiveChange } from '../../lib/live';
import { dirtyPaths } from './dirtyPaths';

/** The records whose editors are live: their banner, presence and guarded save. */
export type LiveRecordKind = 'order' | 'invoice';

/** Saving over someone else's version: the latest record and the fields where the user's values differ from it. */
export interface OverwriteState<View> {
  latest: View;
  fields: string[];
}

export interface LiveRecordOptions<View extends { id: number; version: number }, Values extends FieldValues> {
  kind: LiveRecordKind;
  /** The record as the editor last read or saved it (null: not saved yet, nothing to watch). */
  record: View | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any output type of the form's resolver
  form: UseFormReturn<Values, any, any>;
  /** Reads the record's latest version from the server. */
  fetchLatest: (id: number) => Promise<View>;
  /** Makes `view` the editor's record; keepChanges keeps what the user typed on top of it. */
  adopt: (view: View, keepChanges: boolean) => void;
  /** The form's values for a version of the record. */
  valuesOf: (view: View) => Values;
  /** The editor's own save (with the version the editor holds). */
  save: () => Promise<unknown>;
  /** A form path as staff read it ('editable_data.bill_to.name' -> 'Bill To: Name'). */
  fieldLabel: (path: string) => string;
  /** Actions of the record that do not touch the form (the order's files): no banner. */
  ignoredActions?: readonly string[];
  /** Form-only paths that never count as a difference (the order's *_manual flags). */
  ignorePath?: (path: string) => boolean;
}

/**
 * The open record and everyone else, for every live editor (order form, invoice editor):
 * a banner when someone else saves it (Reload takes theirs; Keep mine keeps the form, and the next
 * save first shows which fields differ from theirs and asks), and presence ("Also open by ...").
 * Nothing the user typed is ever replaced without their say; the server's 409 stays the last guard.
 */
export function useLiveRecord<View extends { id: number; version: number }, Values extends FieldValues>(
  options: LiveRecordOptions<View, Values>,
) {
  const { kind, record, form, fetchLatest, adopt, valuesOf, save, fieldLabel, ignoredActions, ignorePath } =
    options;
  const me = useLiveUserId();
  const [remote, setRemote] = useState<LiveChange | null>(null);
  const [keptMine, setKeptMine] = useState(false);
  const [overwrite, setOverwrite] = useState<OverwriteState<View> | null>(null);
  const [saveNext, setSaveNext] = useState(false);
  const [reloadQuestion, setReloadQuestion] = useState<string[] | null>(null);
  const viewers = usePresence(kind, record?.id ?? null);

  useLiveChanges((change) => {
    if (!record || change.entity !== kind || change.id !== record.id) return;
    if (change.by !== null && change.by === me) return;
    if (ignoredActions?.includes(change.action)) return;
    // A version this editor already has is no news.
    if (change.action !== 'deleted' && change.version !== null && change.version <= record.version) return;
    setRemote(change);
    setKeptMine(false);
  });

  // A save confirmed over their version runs once the editor holds that version.
  useEffect(() => {
    if (!saveNext) return;
    setSaveNext(false);
    void save();
  }, [saveNext, record, save]);

  /** The fields typed here and not saved yet, as staff read them. */
  function unsavedFields(): string[] {
    return [
      ...new Set(
        dirtyPaths(form.formState.dirtyFields)
          .filter((path) => !ignorePath?.(path))
          .map(fieldLabel),
      ),
    ];
  }

  /** Reload: straight on when nothing is typed; otherwise ask first (what would be lost). */
  async function takeTheirs() {
    if (!record) return;
    const unsaved = unsavedFields();
    if (unsaved.length > 0) {
      setReloadQuestion(unsaved);
      return;
    }
    await reloadTheirs();
  }

  async function reloadTheirs() {
    if (!record) return;
    setReloadQuestion(null);
    const latest = await fetchLatest(record.id);
    adopt(latest, false);
    setRemote(null);
    setKeptMine(false);
  }

  function keepMine() {
    setRemote(null);
    setKeptMine(true);
  }

  /** Save: straight on, unless the user kept their version over someone else's: then compare first. */
  async function guardedSave() {
    if (!keptMine || !record) return save();
    const latest = await fetchLatest(record.id);
    const theirs = valuesOf(latest);
    const mine = form.getValues();
    const fields = [
      ...new Set(
        dirtyPaths(form.formState.dirtyFields)
          .filter((path) => !ignorePath?.(path))
          .filter(
            (path) => JSON.stringify(get(mine, path) ?? null) !== JSON.stringify(get(theirs, path) ?? null),
          )
          .map(fieldLabel),
      ),
    ];
    setOverwrite({ latest, fields });
  }

  function confirmOverwrite() {
    if (!overwrite) return;
    // Their version, with the user's changes on top; then the save (with their version number).
    adopt(overwrite.latest, true);
    setOverwrite(null);
    setKeptMine(false);
    setSaveNext(true);
  }

  return {
    remote,
    viewers,
    overwrite,
    takeTheirs,
    /** Reload asked before discarding typing: the unsaved fields, or null when not asking. */
    reloadQuestion,
    confirmReload: () => void reloadTheirs(),
    cancelReload: () => setReloadQuestion(null),
    keepMine,
    guardedSave,
    confirmOverwrite,
    cancelOverwrite: () => setOverwrite(null),
  };
}

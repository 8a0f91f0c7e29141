import { useState } from 'react';
import { Notice, type NoticeTone } from '../components/Notice';
import { serverMessage } from './errors';

export interface PageNotice {
  tone: NoticeTone;
  text: string;
}

export interface DeleteRun {
  /** Deletes on the server. */
  remove: () => Promise<unknown>;
  /** The success message ('User x deleted successfully'). */
  done: string;
  /** Said when the server gives no message of its own (an in-use CONFLICT names what uses it). */
  failed: string;
  /** Runs either way, last (refetch the list). */
  settle: () => Promise<unknown>;
}

/**
 * The state of a page with an add/edit form beside a table (settings, components, users): the row
 * being edited (null: the form adds), a key that remounts the form (cleared after a save, reloaded
 * when switching modes) and the page's one notice.
 */
export function useListEditor<Row extends { id: number }>() {
  const [editing, setEditing] = useState<Row | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState<PageNotice | null>(null);

  function toAddMode() {
    setEditing(null);
    setFormKey((key) => key + 1);
  }

  function startEdit(row: Row) {
    setEditing(row);
    setFormKey((key) => key + 1);
    setNotice(null);
  }

  /** A save went through: say so and start a fresh add form. */
  function saved(text: string) {
    setNotice({ tone: 'success', text });
    toAddMode();
  }

  /** Deletes `row`; an edit of that row ends with it. */
  async function deleteRow(row: Row, run: DeleteRun) {
    try {
      await run.remove();
      setNotice({ tone: 'success', text: run.done });
      if (editing?.id === row.id) toAddMode();
    } catch (error) {
      setNotice({ tone: 'error', text: serverMessage(error) ?? run.failed });
    } finally {
      await run.settle();
    }
  }

  return {
    formKey,
    startEdit,
    saved,
    deleteRow,
    /** What the add/edit form takes from the page (its `key` is `formKey`, given apart). */
    formProps: {
      editing,
      onError: (text: string) => setNotice({ tone: 'error', text }),
      /** Cancel: back to adding, notice cleared. */
      onCancel: () => {
        toAddMode();
        setNotice(null);
      },
    },
    /** The notice as the page shows it (dismissable), or nothing. */
    noticeView: notice && (
      <Notice tone={notice.tone} onDismiss={() => setNotice(null)}>
        {notice.text}
      </Notice>
    ),
  };
}

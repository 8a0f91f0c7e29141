/** Texts of the live banner, presence and the overwrite question on an open record (ours). */
export const LIVE_RECORD_TEXT = {
  changedBy: (user: string, record: string, time: string) => `${user} changed this ${record} at ${time}`,
  deletedBy: (user: string, record: string, time: string) => `${user} deleted this ${record} at ${time}`,
  someone: 'Someone',
  takeTheirs: 'Reload',
  keepMine: 'Keep mine',
  alsoOpenBy: (names: string) => `Also open by ${names}`,
  overwriteTitle: 'Save over their changes?',
  overwriteBody: 'These fields differ from the version they saved, and your save replaces them:',
  overwriteNone: 'Your changes do not touch what they changed. Save now?',
  overwriteConfirm: 'Save Mine',
  fieldsThatDiffer: 'Fields that differ',
  // Reload over unsaved typing: asked first, naming what would be lost.
  discardTitle: 'Discard your changes?',
  discardBody: (record: string) =>
    `Reload shows the ${record} as they saved it and throws away what you typed here:`,
  discardConfirm: 'Discard & Reload',
  discardCancel: 'Keep editing',
  unsavedFields: 'Unsaved changes',
} as const;

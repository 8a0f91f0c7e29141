export { csvCell, csvFilename, csvStream, keysetBatches, neutraliseCell, sendCsv } from './csv';
export type { CsvColumn, CsvKind } from './csv';

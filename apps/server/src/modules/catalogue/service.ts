/**
 * The catalogue (invoices spec §2, §3, §5, §7): settings (labelled Configurations), components and
 * products. One function per behaviour, used by the REST routes and the tRPC procedures alike.
 * Inputs are checked here with the domain's form schemas (idempotent on already-parsed data), then
 * against the database (uniqueness, references); unique constraints decide races.
 */
export * from './settings-service';
export * from './components-service';
export * from './products-service';

export * from './transactions';
export * from './iif';
export * from './csvLayouts';
export * from './settings';

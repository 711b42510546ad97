// The Advanced tab: export, clearing this device, deleting the account, build versions.
export { AdvancedTab } from './advanced-tab.tsx';
export { deleteMyAccount } from './delete-account.ts';
export { archiveName, exportFiles, readExportData, zipArchive } from './export-data.ts';
export { clearLocalData } from './local-data.ts';

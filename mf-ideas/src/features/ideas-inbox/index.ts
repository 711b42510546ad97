// The ideas inbox's code, fetched after the panel's first paint (ideas-panel/ideas-panel.tsx): the list,
// the category chips and dialogs, the selection's actions, the store and the offline store behind it.
export { IdeasInbox, openKeptOnDevice, SelectedCount } from './ideas-inbox.tsx';

export { IdeasPanel } from './ideas-panel.tsx';

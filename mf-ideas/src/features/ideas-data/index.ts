// Data access for ideas: typed rows and the queries behind them, each one request, each failure a DataError.
export {
  compareNewestFirst,
  createIdea,
  deleteIdeas,
  getIdea,
  IDEA_COLUMNS,
  listIdeas,
  moveIdeas,
  updateIdeaContent,
} from './ideas-data.ts';
export type { Idea, IdeaCategory, IdeasPageRequest } from './types.ts';

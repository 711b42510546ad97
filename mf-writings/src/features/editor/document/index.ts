// A writing's document: normalised for the editor, its plain-text form, its title and preview, words.
export {
  countDocumentWords,
  countWords,
  normalizeDocument,
  plainTextDocument,
  summaryText,
  type WritingSummaryText,
} from './writing-document.ts';

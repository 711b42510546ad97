// The kernel's domain rules: tiers and limits, prices, feature access, validation, the message
// catalogue, date grouping and document helpers. Pure functions and constants, no I/O.
export * from './chat.ts';
export * from './constants.ts';
export { type DateGroup, dateGroupLabel, dateGroupLabeler, groupByDate } from './date-groups.ts';
export {
  createWritingDocument,
  type DocumentNode,
  documentPlainText,
  titleFromDocument,
  type WritingDocument,
  writingPreview,
} from './document.ts';
export { blocksToHtml, documentToHtml, exportFileName } from './document-html.ts';
export { documentToMarkdown } from './document-markdown.ts';
export { editorWidth } from './layout.ts';
export { literalMarkdown } from './markdown-text.ts';
export { mergeRefetched } from './merge-refetched.ts';
export {
  chatError,
  draftKeptAsCopyText,
  httpError,
  messages,
  noUserWithEmail,
  pendingSyncText,
  premiumFeature,
  rateLimitReached,
  saveErrorMessage,
  syncConflictText,
  syncKeptAsCopyText,
  unsyncedSignOutText,
  writingsDragLabel,
} from './messages.ts';
export { isSafeImageSrc, isSafeLinkHref, SAFE_LINK_PROTOCOLS } from './safe-url.ts';
export { cutText, oneLine, previewText, textPastTitle } from './text.ts';
export {
  type BillingPeriod,
  FEATURE_LABELS,
  FEATURES,
  type Feature,
  hasFeature,
  isSubscriptionActive,
  type PaidTier,
  PLANS,
  type Plan,
  POPULAR_TIER,
  type PriceIds,
  priceIdFor,
  RATE_LIMIT_PERIODS,
  type RateLimitKind,
  type RateLimitStatus,
  rateLimitResetTime,
  rateLimitStatus,
  type SubscriptionRecord,
  type SubscriptionState,
  subscriptionState,
  TIER_FEATURES,
  TIER_LIMITS,
  TIER_PRICES,
  TIERS,
  type Tier,
  type TierLimits,
  type TierPrice,
  tierFromPriceId,
  yearlySaving,
  yearlySavingPercent,
} from './tiers.ts';
export {
  addContextItem,
  byFolderName,
  type ContextItem,
  canWriteToFolder,
  cutContextContent,
  type FolderPermission,
  findFolderByName,
  ideaPreview,
  ideaTitle,
  ideaTitleIsWhole,
  isAbandonedDraft,
  nonBlank,
  PASSWORD_MIN_LENGTH,
  type ValidationResult,
  validateCategoryName,
  validateNewPassword,
} from './validation.ts';

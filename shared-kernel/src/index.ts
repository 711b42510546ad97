/**
 * The public API of the shared kernel: everything exported here is what areas may use. It is loaded
 * once per page (a Module Federation singleton). Nothing is deep-imported from outside.
 */

export { areaToShow, type ShownArea, useAreaToShow } from './bus/area-to-show.ts';
export {
  CONTEXT_ITEM_DRAG_TYPE,
  readContextItemDrag,
  setContextItemDrag,
} from './bus/context-item-drag.ts';
// The event bus
export { createEventBus, type EventBus, isEventBus, UNHEARD_EVENT_TTL_MS } from './bus/event-bus.ts';
export { type BusEvent, type BusEventOf, type BusEventType, busEventSchema } from './bus/events.ts';
export { afterFirstScreen, FIRST_SCREEN_WAIT_MS, markFirstScreen } from './bus/first-screen.ts';
export { LOAD_STEP_PREFIX, type LoadStep, markLoadStep } from './bus/load-steps.ts';
export { isApplePlatform, SHORTCUTS, type Shortcut, shortcutKeys } from './bus/shortcuts.ts';
export { useBusEvent } from './bus/use-bus-event.ts';
export { readDraggedWritingIds, WRITINGS_DRAG_TYPE } from './bus/writings-drag.ts';
// Contracts between the shell and the remotes
export {
  type AreaProps,
  type AreaUser,
  areaPropsSchema,
  type BackendConfig,
  CONTRACT_VERSION,
  parseAreaProps,
} from './contracts/area-props.ts';
export { backendConfigFromEnv, LOCAL_BACKEND } from './contracts/local-backend.ts';
export {
  AREA_NAMES,
  type AreaName,
  type ExposedParcel,
  ON_DEMAND_PARCELS,
  REMOTES,
  type RemotesManifest,
  remoteModuleId,
} from './contracts/remotes.ts';
// Domain rules and the message catalogue; design tokens
export * from './domain/index.ts';
export { mergeTextsLater, mergeWordsLater, type WritingText } from './merge/merge-later.ts';
// Local preferences and the network status
export {
  DataError,
  type DataErrorCode,
  dataOf,
  isOfflineFailure,
  limitReachedOf,
  toDataError,
} from './network/data-error.ts';
export { isOnline, online$, serverReached$, useOnline } from './network/network-status.ts';
export { reportUnsyncedChanges, unsyncedChanges } from './network/unsynced-changes.ts';
export * from './offline/index.ts';
// Parcels
export { AreaUnavailable } from './parcels/area-unavailable.tsx';
export { createAreaParcel } from './parcels/create-area-parcel.tsx';
export { notifyDesktop } from './preferences/notify.ts';
export {
  adoptSyncedPreferences,
  getPreferences,
  PREFERENCES_STORAGE_KEY,
  type Preferences,
  preferences$,
  preferencesSchema,
  SYNCED_PREFERENCE_KEYS,
  type SyncedPreferences,
  syncedPreferences,
  updatePreferences,
  usePreferences,
} from './preferences/preferences.ts';
export { syncPreferencesWithAccount } from './preferences/preferences-sync.ts';
// Primitives more than one area shows
export { afterNextPaint } from './primitives/after-next-paint.ts';
export { Bone } from './primitives/bone.tsx';
export { Button, buttonClass, touchTargetClass } from './primitives/button.tsx';
export {
  ConfirmDialog,
  type ConfirmDialogProps,
  DialogFrame,
  type DialogFrameProps,
  PromptDialog,
  type PromptDialogProps,
} from './primitives/dialogs.tsx';
export { EmptyState } from './primitives/empty-state.tsx';
export { type RowClick, useRowPress, useTouchScreen, useTouchSelection } from './primitives/long-press.ts';
export { Notice } from './primitives/notice.tsx';
export { PANEL_DRAG_TYPE, Panel, type PanelArrangement } from './primitives/panel.tsx';
export { PendingSync } from './primitives/pending-sync.tsx';
export { useOnDemand } from './primitives/use-on-demand.ts';
export { whenIdle } from './primitives/when-idle.ts';
export * from './sharing/index.ts';
export * from './supabase/index.ts';
export * from './ui/index.ts';

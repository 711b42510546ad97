/// <reference types="@rsbuild/core/types" />

interface ImportMetaEnv {
  /** The mobile app's App Store page, linked from the app banner on iOS. */
  readonly PUBLIC_APP_STORE_URL?: string;
  /** The mobile app's Play Store page, linked from the app banner on Android. */
  readonly PUBLIC_PLAY_STORE_URL?: string;
  /** The app's download page, linked from the app banner on other devices. */
  readonly PUBLIC_APP_DOWNLOAD_URL?: string;
}

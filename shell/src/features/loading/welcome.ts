/** Set at sign-in so the welcome animation plays once after signing in, not on every load. */
const WELCOME_FLAG = 'workspace.welcome';

export function markWelcome(): void {
  try {
    sessionStorage.setItem(WELCOME_FLAG, '1');
  } catch {
    // Storage failures are ignored: the animation is a nicety.
  }
}

/** Whether to play the welcome animation now; true once per sign-in. */
export function takeWelcome(): boolean {
  try {
    const set = sessionStorage.getItem(WELCOME_FLAG) !== null;
    sessionStorage.removeItem(WELCOME_FLAG);
    return set;
  } catch {
    return false;
  }
}

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DataError, toDataError } from '../network/data-error.ts';
import {
  chatError,
  httpError,
  messages,
  noUserWithEmail,
  premiumFeature,
  rateLimitReached,
  saveErrorMessage,
  writingsDragLabel,
} from './messages.ts';

/** Every string leaf of the catalogue, however deeply nested. */
function catalogueTexts(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (typeof node === 'object' && node !== null) return Object.values(node).flatMap(catalogueTexts);
  return [];
}

// Copied by hand from the product's texts (docs/product.md, Messages), so the test pins each text\n// independently of the catalogue it checks.
const specTexts = [
  'Something went wrong',
  'An unexpected error occurred. This might be due to a browser extension or network issue.',
  'Try Again',
  'Reload Page',
  'Retry',
  'User not authenticated',
  'Category not found',
  'You can only share categories you own',
  'Failed to share folder',
  'Failed to update permission',
  'Failed to remove share',
  'This folder is read-only. You cannot create here.',
  'You do not have write access to that folder.',
  'Failed to move writing',
  'Category name is required',
  'Passwords do not match',
  'Password must be at least 6 characters',
  'Password updated successfully',
  'No email on account',
  'Reset email sent',
  'Signed out successfully',
  'Failed to sign out',
  'You are already on the Free plan',
  'Price configuration not found. Please contact support.',
  'Failed to start upgrade. Please try again.',
  'Failed to start checkout. Please try again.',
  'Failed to create checkout session',
  "No internet connection. Your changes are saved locally and will sync when you're back online.",
  'Session expired. Please sign in again.',
  "You don't have permission to edit this document.",
  'Failed to save. Your changes are preserved locally.',
  "You've reached your daily limit. Upgrade to continue using AI features.",
  'Voice not supported',
  'No chats yet',
  'No ideas yet',
  'No results',
  'No collaborators yet',
  'Select or create a writing',
  'create something awesome',
  'Ready to chat!',
  "Ask me anything about your ideas, writings, or just start a conversation. I'm here to help!",
  'Stop generating',
  'New Chat',
  'Capture a thought',
  'Search writings and ideas…',
  'No writings yet',
  'Loading more writings...',
  'Scroll to load more',
  'End of writings',
  'End of ideas',
  'Delete this chat?',
  'Delete category? Ideas will be uncategorized.',
  'Delete folder? Writings will be unassigned.',
  'Offline',
  "You're offline — changes will sync when back online.",
  'Back online',
  'Rate Limit Reached',
  'Premium Feature',
  'Upgrade Your Plan',
  'Save up to 17%',
  'Edit access',
  'View only',
  'Send Reset Email',
  'Sign Out',
  'New Folder',
  'Replace image',
  'Delete image',
  'Editor menu',
];

describe('message catalogue', () => {
  const texts = catalogueTexts(messages);

  it.each(specTexts)('holds the spec text %j verbatim', (text) => {
    expect(texts).toContain(text);
  });

  it('keeps the keys other areas already read', () => {
    expect(messages.editor.empty).toBe('Select or create a writing');
    expect(messages.ideas.empty).toBe('No ideas yet');
    expect(messages.chat.readyTitle).toBe('Ready to chat!');
    expect(messages.chat.readyBody).toBe(
      "Ask me anything about your ideas, writings, or just start a conversation. I'm here to help!",
    );
    expect(messages.errorScreen).toMatchObject({
      title: 'Something went wrong',
      body: 'An unexpected error occurred. This might be due to a browser extension or network issue.',
      tryAgain: 'Try Again',
      reload: 'Reload Page',
    });
    expect(messages.settings.tabs).toEqual([
      'Account',
      'Plans',
      'Appearance',
      'Editor',
      'Workspace',
      'Notifications',
      'Advanced',
    ]);
  });

  it('uses the spec punctuation: straight apostrophes, a real ellipsis and an em dash', () => {
    expect(messages.offline.note).toContain("You're offline \u2014 changes");
    expect(messages.search.placeholder.endsWith('\u2026')).toBe(true);
    expect(texts.join('')).not.toMatch(/[\u2018\u2019]/);
  });

  it('titles the pricing dialog by the reason it opened for', () => {
    expect(messages.pricing.titles['rate-limit']).toBe('Rate Limit Reached');
    expect(messages.pricing.titles['premium-feature']).toBe('Premium Feature');
    expect(messages.pricing.titles.upgrade).toBe('Upgrade Your Plan');
  });
});

describe('parameterised messages', () => {
  it('names the unknown e-mail', () => {
    expect(noUserWithEmail('ada@example.com')).toBe('No user found with email: ada@example.com');
    expect(messages.sharing.noUserWithEmail('x@y.z')).toBe('No user found with email: x@y.z');
  });

  it('words each rate limit and gives the reset time', () => {
    const midnight = new Date(2025, 5, 11, 0, 0);
    expect(rateLimitReached({ kind: 'apiCalls', resetsAt: midnight })).toBe(
      "You've reached your daily limit for API calls. Resets at 12:00 AM.",
    );
    // Documents are counted per month: the day it resets, not a time alone.
    expect(rateLimitReached({ kind: 'documents', resetsAt: new Date(2025, 6, 1, 0, 0) })).toBe(
      "You've reached your monthly limit for documents. Resets on Jul 1, 2025, 12:00 AM.",
    );
    expect(rateLimitReached({ kind: 'chatMessages', resetsAt: new Date(2025, 5, 11, 13, 5) })).toBe(
      "You've reached your daily limit for chat messages. Resets at 1:05 PM.",
    );
  });

  it('formats a function failure without an error field as status and text', () => {
    expect(httpError(502, 'Bad Gateway')).toBe('HTTP 502: Bad Gateway');
  });

  it('names the premium feature', () => {
    expect(premiumFeature('Export')).toBe('Export is a premium feature. Upgrade to unlock full access.');
  });

  it('prefixes the chat error banner', () => {
    expect(chatError('model overloaded')).toBe('Error: model overloaded');
  });

  it('labels a drag by count, or by title for a single writing', () => {
    expect(writingsDragLabel({ count: 3, title: 'Draft' })).toBe('3 writings');
    expect(writingsDragLabel({ count: 1, title: 'Draft' })).toBe('Writing: Draft');
  });
});

describe('save error mapping', () => {
  it('tells an offline user the changes are kept locally, whatever the error', () => {
    expect(saveErrorMessage({ message: 'JWT expired', code: 'PGRST303' }, { online: false })).toBe(
      "No internet connection. Your changes are saved locally and will sync when you're back online.",
    );
  });

  it('asks to sign in again when the backend says the token is invalid or expired', () => {
    const postgrestError = { message: 'invalid JWT: unable to parse', code: 'PGRST301', details: null };
    expect(saveErrorMessage(postgrestError, { online: true })).toBe('Session expired. Please sign in again.');
    const authError = {
      name: 'AuthApiError',
      message: 'Session not found',
      status: 403,
      code: 'session_not_found',
    };
    expect(saveErrorMessage(authError, { online: true })).toBe('Session expired. Please sign in again.');
    expect(saveErrorMessage(new DataError('session-expired', 'expired'), { online: true })).toBe(
      'Session expired. Please sign in again.',
    );
  });

  it('reports a missing permission when row-level security or a grant refused the write', () => {
    expect(
      saveErrorMessage(
        { message: 'new row violates row-level security policy for table "writings"', code: '42501' },
        { online: true },
      ),
    ).toBe("You don't have permission to edit this document.");
    expect(saveErrorMessage(toDataError({ message: 'Forbidden' }, 403), { online: true })).toBe(
      "You don't have permission to edit this document.",
    );
  });

  it('decides by what the backend answered, never by the wording of a message', () => {
    expect(saveErrorMessage(new Error('JWT expired, blocked by RLS'), { online: true })).toBe(
      'Failed to save. Your changes are preserved locally.',
    );
  });

  it('falls back to the generic failure for anything else', () => {
    expect(saveErrorMessage(new Error('timeout'), { online: true })).toBe(
      'Failed to save. Your changes are preserved locally.',
    );
    expect(saveErrorMessage(undefined, { online: true })).toBe(
      'Failed to save. Your changes are preserved locally.',
    );
  });

  it('says when the device itself could not keep the change, online or not', () => {
    const full = new DataError('storage-full', 'quota');
    expect(saveErrorMessage(full, { online: false })).toBe(messages.offline.storageFull);
  });

  it('counts as online outside a browser when no connectivity is given', () => {
    expect(saveErrorMessage({ message: 'JWT expired', code: 'PGRST303' })).toBe(
      'Session expired. Please sign in again.',
    );
  });
});

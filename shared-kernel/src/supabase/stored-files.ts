// Which stored files are whose: each user's files are under `<user id>/` of the files bucket, which only
// that user may write (the storage policies in shared-kernel/supabase/migrations/).
import { FILES_BUCKET } from '../domain/constants.ts';
import type { WorkspaceClient } from './client.ts';

/**
 * Whether `url` is a file in user `userId`'s own folder of this backend's storage. A profile picture
 * anywhere else (anyone may set any address through the API) would have every browser that shows it
 * tell that server who looked, from where and when; such a picture is shown as the user's initial.
 */
export function isOwnStoredFile(client: WorkspaceClient, userId: string, url: string): boolean {
  // The address storage-js's `getPublicUrl` gives, without loading storage for it (a picture is on the first screen).
  const folder = encodeURI(`${client.url}/storage/v1/object/public/${FILES_BUCKET}/${userId}/`);
  if (!url.startsWith(folder)) return false;
  const name = url.slice(folder.length);
  return name !== '' && !/[/\\?#]|%2f|%5c|\.\./i.test(name);
}

import { strToU8, zipSync } from 'fflate';
import { type DocumentNode, documentToMarkdown, toDataError, type WorkspaceClient } from 'shared-kernel';

// Rows read per request while exporting (PostgREST's usual page cap is 1000).
const EXPORT_PAGE_SIZE = 1000;

type Folder = { id: string; name: string; item_type: string; created_at: string };
type WritingRow = {
  id: string;
  title: string;
  category_id: string | null;
  content: unknown;
  created_at: string;
  updated_at: string;
};
type IdeaRow = {
  id: string;
  content: string;
  category_id: string | null;
  created_at: string;
  updated_at: string;
};

/** Everything of the writer's that the export holds. */
export type ExportedData = { folders: Folder[]; writings: WritingRow[]; ideas: IdeaRow[] };

async function readAll<Row>(
  page: (from: number, to: number) => PromiseLike<{ data: unknown; error: unknown }>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let from = 0; ; from += EXPORT_PAGE_SIZE) {
    const { data, error } = await page(from, from + EXPORT_PAGE_SIZE - 1);
    if (error) throw toDataError(error);
    const batch = (data ?? []) as Row[];
    rows.push(...batch);
    if (batch.length < EXPORT_PAGE_SIZE) return rows;
  }
}

/** Reads the writer's own folders, writings (with their content) and ideas. */
export async function readExportData({
  client,
  userId,
}: {
  client: WorkspaceClient;
  userId: string;
}): Promise<ExportedData> {
  const [folders, writings, ideas] = await Promise.all([
    readAll<Folder>((from, to) =>
      client
        .from('categories')
        .select('id, name, item_type, created_at')
        .eq('user_id', userId)
        .order('name')
        .range(from, to),
    ),
    readAll<WritingRow>((from, to) =>
      client
        .from('writings')
        .select('id, title, category_id, content, created_at, updated_at')
        .eq('user_id', userId)
        .order('created_at', { ascending: false })
        .range(from, to),
    ),
    readAll<IdeaRow>((from, to) =>
      client
        .from('ideas')
        .select('id, content, category_id, created_at, updated_at')
        .eq('user_id', userId)
        .order('updated_at', { ascending: false })
        .range(from, to),
    ),
  ]);
  return { folders, writings, ideas };
}

/** A name safe as a file or folder name in every system's archive tool. */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = Array.from(name, (character) => (character.charCodeAt(0) < 32 ? ' ' : character))
    .join('')
    .replace(/[\\/:*?"<>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80)
    .trim();
  return cleaned === '' ? fallback : cleaned;
}

/** A path not used yet in the archive: "Title.md", then "Title (2).md", ... */
function uniquePath(taken: Set<string>, folder: string, name: string): string {
  let path = `${folder}/${name}.md`;
  for (let copy = 2; taken.has(path.toLowerCase()); copy += 1) path = `${folder}/${name} (${copy}).md`;
  taken.add(path.toLowerCase());
  return path;
}

/**
 * The archive's files: each writing as Markdown under `writings/<folder>/`, each idea under
 * `ideas/<folder>/`, and `workspace.json` with every row as stored.
 */
export function exportFiles(data: ExportedData, exportedAt: Date): Record<string, string> {
  const folderName = new Map(data.folders.map((folder) => [folder.id, safeFileName(folder.name, 'Folder')]));
  const taken = new Set<string>();
  const files: Record<string, string> = {};
  for (const writing of data.writings) {
    const folder = `writings/${writing.category_id ? (folderName.get(writing.category_id) ?? 'Unfiled') : 'Unfiled'}`;
    const path = uniquePath(taken, folder, safeFileName(writing.title, 'Untitled'));
    files[path] = documentToMarkdown(writing.content as DocumentNode | null);
  }
  for (const idea of data.ideas) {
    const folder = `ideas/${idea.category_id ? (folderName.get(idea.category_id) ?? 'Inbox') : 'Inbox'}`;
    const name = `${idea.created_at.slice(0, 10)} ${safeFileName(idea.content.split('\n')[0]?.slice(0, 40) ?? '', 'Idea')}`;
    files[uniquePath(taken, folder, name)] = `${idea.content}\n`;
  }
  files['workspace.json'] = `${JSON.stringify({ exportedAt: exportedAt.toISOString(), ...data }, null, 2)}\n`;
  return files;
}

/** The files as one .zip archive. */
export function zipArchive(files: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, strToU8(text)])), {
    level: 6,
  });
}

/** The archive's file name: `workspace-export-YYYY-MM-DD.zip`. */
export function archiveName(exportedAt: Date): string {
  return `workspace-export-${exportedAt.toISOString().slice(0, 10)}.zip`;
}

// "Download as Markdown / HTML": the export-writing function renders the stored writing (the server
// checks the tier: export is a LITE+ feature) and the browser saves the file.
import { type EventBus, exportFileName, messages, type WorkspaceClient } from 'shared-kernel';

export type ExportFormat = 'markdown' | 'html';

function download(text: string, type: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Why an export failed, from the function's JSON answer when there is one. */
async function failureOf(error: unknown): Promise<{ code?: string; feature?: string; error?: string }> {
  // supabase-js's FunctionsHttpError carries the function's response as `context`.
  const context = (error as { context?: unknown } | null)?.context;
  if (!(context instanceof Response)) return {};
  return ((await context.json().catch(() => undefined)) ?? {}) as {
    code?: string;
    feature?: string;
    error?: string;
  };
}

/**
 * Exports a writing as the server has it. A FREE writer gets the 'Premium Feature' dialog; any other
 * failure is told in a toast.
 */
export async function exportWriting({
  client,
  bus,
  writingId,
  title,
  format,
}: {
  client: WorkspaceClient;
  bus: EventBus;
  writingId: string;
  /** The writing's title as shown (the server's Content-Disposition is not readable across origins). */
  title: string;
  format: ExportFormat;
}): Promise<void> {
  const { data, error } = await client.functions.invoke<string>('export-writing', {
    body: { writingId, format },
  });
  if (!error && typeof data === 'string') {
    download(data, format === 'html' ? 'text/html' : 'text/markdown', exportFileName(title, format));
    return;
  }
  const failure = await failureOf(error);
  if (failure.code === 'premium-feature') {
    bus.emit({ type: 'pricing.open', reason: 'premium-feature', feature: failure.feature });
    return;
  }
  bus.emit({ type: 'toast.show', tone: 'error', text: failure.error ?? messages.exportWriting.failed });
}

import { useState } from 'react';
import { messages, type WorkspaceClient } from 'shared-kernel';
import { formStyles } from '../../lib/controls/index.ts';
import { downloadFile } from './download.ts';
import { archiveName, exportFiles, readExportData, zipArchive } from './export-data.ts';

const texts = messages.settings.advanced;

/** Export all data: ideas, writings and folders as Markdown plus JSON, downloaded as one .zip archive. */
export function ExportSection({ client, userId }: { client: WorkspaceClient; userId: string }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function exportAll() {
    setBusy(true);
    setFailed(false);
    try {
      const exportedAt = new Date();
      const files = exportFiles(await readExportData({ client, userId }), exportedAt);
      downloadFile({ bytes: zipArchive(files), name: archiveName(exportedAt), type: 'application/zip' });
    } catch (error) {
      console.warn('[settings] export failed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={formStyles.section} aria-labelledby="settings-export">
      <h4 className={formStyles.sectionTitle} id="settings-export">
        {texts.export}
      </h4>
      <p className={formStyles.hint}>{texts.exportHint}</p>
      <div className={formStyles.actions}>
        <button type="button" className={formStyles.button} onClick={exportAll} disabled={busy}>
          {busy ? texts.exporting : texts.export}
        </button>
      </div>
      {failed && (
        <p className={formStyles.error} role="alert">
          {texts.exportFailed}
        </p>
      )}
    </section>
  );
}

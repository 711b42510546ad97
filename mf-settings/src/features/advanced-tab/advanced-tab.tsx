import { type AreaProps, getSupabaseClient, messages } from 'shared-kernel';
import { formStyles } from '../../lib/controls/index.ts';
import { useBuildVersions } from './build-versions.ts';
import { ClearLocalSection } from './clear-local-section.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { ExportSection } from './export-section.tsx';

const texts = messages.settings.advanced;

/** Advanced: export all data, clear this device's data, delete the account, and each area's build version. */
export function AdvancedTab({ backend, user }: AreaProps) {
  const client = getSupabaseClient(backend);
  const builds = useBuildVersions();
  return (
    <div className={formStyles.tab}>
      {user && <ExportSection client={client} userId={user.id} />}
      <ClearLocalSection />
      {user && <DeleteAccountSection client={client} />}
      <section className={formStyles.section} aria-labelledby="settings-versions">
        <h4 className={formStyles.sectionTitle} id="settings-versions">
          {texts.versions}
        </h4>
        <ul className={formStyles.hint}>
          {builds.map((build) => (
            <li key={build.area}>{texts.buildVersion(build)}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

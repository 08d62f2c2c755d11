import type { DistributionSettings } from '../../domain/contract';
import { PAGE_MESSAGES } from '../../domain/messages';
import { Alert } from '../../components/ui/alert';

/** Whether GP copies can go over MESH. Read-only: MESH is the server's configuration, and its secrets are never shown. */
export function MeshStatus({ mesh }: { mesh: DistributionSettings['mesh'] }) {
  return (
    <div data-testid="mesh-status">
      <Alert tone={mesh.usable ? 'success' : 'info'}>
        <p className="font-medium">{mesh.status}</p>
        {mesh.detail && <p className="mt-1">{mesh.detail}</p>}
        <p className="mt-1">{PAGE_MESSAGES.meshSecrets}</p>
      </Alert>
    </div>
  );
}

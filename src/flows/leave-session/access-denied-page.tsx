import { CenteredLayout } from '../../components/centered-layout.tsx';
import { AccessDeniedNotice } from './access-denied-notice.tsx';
import { useLeaveSession } from './use-leave-session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { commonErrors } from '../../lib/failure-text.ts';

/** Owns the leave-session actor; done navigates away, so every state shows the notice. */
export function AccessDeniedPage() {
  usePageTitle(commonErrors.AccessDenied);
  const [state, send] = useLeaveSession();
  return (
    <CenteredLayout>
      <AccessDeniedNotice state={state} send={send} />
    </CenteredLayout>
  );
}

export { AccessDeniedPage as Component };

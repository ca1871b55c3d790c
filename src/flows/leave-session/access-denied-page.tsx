import { CenteredLayout } from '#src/components/centered-layout.tsx';
import { commonErrors } from '#src/lib/failure-text.ts';
import { usePageTitle } from '#src/lib/use-page-title.ts';
import { AccessDeniedNotice } from './access-denied-notice.tsx';
import { useLeaveSession } from './use-leave-session.ts';

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

import { msg } from '@lingui/core/macro';
import { useSearchParams } from 'react-router-dom';
import { CenteredLayout } from '#src/components/centered-layout.tsx';
import { usePageTitle } from '#src/lib/use-page-title.ts';
import { ErrorNotice } from './error-notice.tsx';
import { useLeaveSession } from './use-leave-session.ts';

/** Owns the leave-session actor; done navigates away, so every state shows the notice. */
export function ErrorPage() {
  usePageTitle(msg`An error occurred`);
  const [search] = useSearchParams();
  const [state, send] = useLeaveSession();
  return (
    <CenteredLayout>
      <ErrorNotice
        state={state}
        send={send}
        error={search.get('error')}
        description={search.get('error_description')}
      />
    </CenteredLayout>
  );
}

export { ErrorPage as Component };

import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { ActionButton } from '#src/components/action-button.tsx';
import { navigation } from '#src/lib/navigation.ts';
import { usePublicConfig } from '#src/lib/public-config.ts';

/**
 * Starts Login with Amazon (shown only when the server has an Amazon client): a fresh state and PKCE verifier are
 * stored for /pages/cb, then the browser goes to Amazon. The login page's return_to comes back through the callback.
 */
export function LoginWithAmazon({ returnTo }: { returnTo: string | null }) {
  const { amazonAuthorizeUrl, amazonClientId } = usePublicConfig();
  const [leaving, setLeaving] = useState(false);
  if (!amazonAuthorizeUrl || !amazonClientId) return null;

  const start = async () => {
    setLeaving(true);
    try {
      // Loaded on the click: most people log in with a password, and the login page's first load is measured (bench/).
      const { prepareAmazonLogin } = await import('#src/lib/amazon-login.ts');
      navigation.assign(
        await prepareAmazonLogin({ authorizeUrl: amazonAuthorizeUrl, clientId: amazonClientId, returnTo }),
      );
    } catch {
      // No Web Crypto (an insecure origin) or no storage: nothing to start with, the password form still works.
      setLeaving(false);
    }
  };

  return (
    <ActionButton variant="default" fullWidth loading={leaving} onClick={() => void start()}>
      <Trans>Login with Amazon</Trans>
    </ActionButton>
  );
}

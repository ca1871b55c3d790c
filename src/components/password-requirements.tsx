import { Trans } from '@lingui/react/macro';
import { Collapse, List, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { passwordRequirements } from '#shared-domain/password.ts';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';

/** product.md §9: the checklist opens and collapses over 400 ms. */
export const REQUIREMENTS_COLLAPSE_MS = 400;

/**
 * The live password checklist (product.md §3 requirement state), shown while the password field has focus. It only
 * displays the shared rule; whether the form may be sent is the machine's decision.
 */
export function PasswordRequirements({ password, opened }: { password: string; opened: boolean }) {
  const met = passwordRequirements(password);
  return (
    <Collapse expanded={opened} transitionDuration={REQUIREMENTS_COLLAPSE_MS}>
      <List size="sm" spacing={2} listStyleType="none" data-testid="password-requirements">
        <Requirement met={met.enoughLength}>
          <Trans>10 to 32 characters</Trans>
        </Requirement>
        <Requirement met={met.hasANumber}>
          <Trans>At least one number</Trans>
        </Requirement>
        <Requirement met={met.hasUpperChar}>
          <Trans>At least one uppercase letter</Trans>
        </Requirement>
        <Requirement met={met.hasLowerChar}>
          <Trans>At least one lowercase letter</Trans>
        </Requirement>
      </List>
    </Collapse>
  );
}

function Requirement({ met, children }: { met: boolean; children: ReactNode }) {
  return (
    <List.Item data-met={met}>
      {/* A met rule reads in the body colour: Mantine's greens are all under 4.5:1 on white; the tick tells it apart. */}
      <Text span size="sm" c={met ? undefined : 'dimmed'}>
        <span aria-hidden="true">{met ? '✓ ' : '○ '}</span>
        {children}
        <VisuallyHidden>{met ? <Trans>(met)</Trans> : <Trans>(not met yet)</Trans>}</VisuallyHidden>
      </Text>
    </List.Item>
  );
}

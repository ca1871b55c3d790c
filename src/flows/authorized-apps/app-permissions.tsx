import { useLingui } from '@lingui/react/macro';
import { List } from '@mantine/core';
import { displayScopes, parseScopes } from '#shared-domain/scopes.ts';
import { resourceNames } from '#src/lib/scope-names.ts';

/**
 * product.md §6: each resource as read-only or read+write. The grouping is the consent page's (shared-domain
 * displayScopes): what it lists under Manage is read+write here, what it lists under View is read-only. The scope was
 * granted already, so it is parsed with every right a user can have.
 */
export function AppPermissions({ allowedScope }: { allowedScope: string }) {
  const { t, i18n } = useLingui();
  const parsed = parseScopes(allowedScope, true);
  const { manage, view } = displayScopes(parsed.ok ? parsed.scopes : []);
  const rows = [
    ...manage.map((resource) => ({ resource, access: t`read+write` })),
    ...view.map((resource) => ({ resource, access: t`read-only` })),
  ];
  return (
    <List size="sm" data-testid="permissions">
      {rows.map(({ resource, access }) => (
        <List.Item key={resource}>
          {i18n._(resourceNames[resource])}: {access}
        </List.Item>
      ))}
    </List>
  );
}

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Resource } from '#shared-domain/scopes.ts';

/** What each scope resource is called on the consent and authorized-applications pages. */
export const resourceNames: Record<Resource, MessageDescriptor> = {
  group: msg`Account groups`,
  user: msg`User profile`,
  invitation: msg`Invitations`,
  camera: msg`Cameras`,
  person: msg`Monitored people`,
  person_info: msg`Personal information of monitored people`,
  room: msg`Rooms`,
  alert: msg`Alerts`,
  arn: msg`Alert notification endpoints`,
  skeleton: msg`Skeleton data`,
  alexa: msg`Alexa Together`,
  internal: msg`Internal product access`,
};

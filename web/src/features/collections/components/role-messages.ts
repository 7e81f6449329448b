// The roles a collection is shared with (docs/product.md "Sharing").
import { defineMessages } from 'react-intl';
import type { MessageDescriptor } from 'react-intl';
import type { MemberRole } from '@shared/catalogue';

export const roleMessages = defineMessages({
  viewer: { id: 'collections.roles.viewer', defaultMessage: 'Viewer' },
  editor: { id: 'collections.roles.editor', defaultMessage: 'Editor' },
  co_owner: { id: 'collections.roles.coOwner', defaultMessage: 'Co-owner' },
}) satisfies Record<MemberRole, MessageDescriptor>;

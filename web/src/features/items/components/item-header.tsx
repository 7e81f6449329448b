// The top of an item's page: cover, title, subtitle, creator and year, rating, then the bar of main
// actions: availability and "Ask to borrow" or "Lend" (given by the lending feature as `lending`), and
// the owner's Edit and More actions. On phones the bar stays pinned to the bottom of the screen.
import { Copy, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { Item } from '@shared/schemas/items';
import { ActionMenu } from '@web/components/action-menu';
import { Button, ButtonLink } from '@web/components/button';
import { commonMessages } from '@web/components/common-messages';
import { CoverPlaceholder } from '@web/components/cover-placeholder';
import { RatingStars } from '@web/components/rating-stars';
import { useMediaSrc } from '@web/lib/media-url';
import { paths } from '@web/lib/paths';
import { pictureSrcSet } from '@web/lib/picture-srcset';
import type { ItemRoles } from './item-roles';

const messages = defineMessages({
  duplicate: { id: 'items.itemView.duplicate', defaultMessage: 'Duplicate' },
  actions: { id: 'items.itemView.actions', defaultMessage: 'Item actions' },
  more: { id: 'items.itemView.more', defaultMessage: 'More actions' },
});

/** The cover column's width in item-page.css: 18rem at most beside the text, 7rem on phones. */
const COVER_SIZES = '(min-width: 48rem) 18rem, 7rem';

interface ItemHeaderProps {
  item: Item;
  title: string;
  /** The creator's names as one line. */
  creator: string | null;
  roles: ItemRoles;
  canChange: boolean;
  collectionType?: string;
  lending?: ReactNode;
  busy: boolean;
  onDuplicate: () => void;
}

export function ItemHeader({ item, title, creator, roles, canChange, collectionType, lending, busy, onDuplicate }: ItemHeaderProps) {
  const intl = useIntl();
  const mediaSrc = useMediaSrc();
  const cover = mediaSrc(item.cover);
  const coverThumb = mediaSrc(item.cover, { size: 'thumb' });
  const byline = [creator, roles.year?.text].filter(Boolean).join(' · ');
  const ownerActions = item.isOwner ? (
    <div className="item-head__owner actions" role="group" aria-label={intl.formatMessage(messages.actions)}>
      {canChange ? (
        <ButtonLink variant="secondary" icon={Pencil} to={paths.itemEdit(item.collectionId, item.id)}>
          {intl.formatMessage(commonMessages.edit)}
        </ButtonLink>
      ) : (
        <Button variant="secondary" icon={Pencil} disabled>
          {intl.formatMessage(commonMessages.edit)}
        </Button>
      )}
      <ActionMenu
        label={intl.formatMessage(messages.more)}
        size="normal"
        actions={[
          { label: intl.formatMessage(messages.duplicate), icon: Copy, disabled: !canChange || busy, onSelect: onDuplicate },
          {
            label: intl.formatMessage(commonMessages.delete),
            icon: Trash2,
            disabled: !canChange,
            danger: true,
            to: paths.itemDelete(item.collectionId, item.id),
          },
        ]}
      />
    </div>
  ) : null;
  const hasBar = lending || ownerActions;
  return (
    <header className={hasBar ? 'item-head card item-head--with-bar' : 'item-head card'}>
      <div className={collectionType === 'board_games' ? 'item-head__cover item-head__cover--square' : 'item-head__cover'}>
        {cover && coverThumb ? (
          // The page's main picture: fetched first, at the size its column has (item-page.css).
          <img src={cover} srcSet={pictureSrcSet(coverThumb, cover)} sizes={COVER_SIZES} alt="" loading="eager" fetchPriority="high" />
        ) : (
          <div className="item-head__placeholder">
            <CoverPlaceholder title={title} creator={creator} type={collectionType} size="large" />
          </div>
        )}
      </div>
      <div className="item-head__text">
        <h1 className="item-head__title">{title}</h1>
        {item.subtitle ? <p className="item-head__subtitle">{item.subtitle}</p> : null}
        {byline ? (
          <p className="item-head__byline" data-testid="item-byline">
            {byline}
          </p>
        ) : null}
        {roles.rating ? <RatingStars value={roles.rating.value} /> : null}
      </div>
      {hasBar ? (
        <div className="item-head__bar" data-testid="item-main-actions">
          {lending}
          {ownerActions}
        </div>
      ) : null}
    </header>
  );
}

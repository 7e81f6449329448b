// What stands in for a missing cover: the title on a colour derived from it, with the collection
// type's icon. Decorative (aria-hidden): the title is also the card's link text.
import { BookOpen, Box, Clapperboard, Dices, LibraryBig } from 'lucide-react';
import { placeholderColourClass } from '../lib/placeholder-colour';
import './cover-placeholder.css';

/** The icon of a collection type; custom types get a box. */
export function TypeIcon({ type, className }: { type: string | undefined; className?: string }) {
  const props = { className, 'aria-hidden': true as const };
  switch (type) {
    case 'books':
      return <BookOpen {...props} />;
    case 'comics':
      return <LibraryBig {...props} />;
    case 'movies':
      return <Clapperboard {...props} />;
    case 'board_games':
      return <Dices {...props} />;
    default:
      return <Box {...props} />;
  }
}

/**
 * A generated cover laid out like a jacket: the title set large, a rule, the creator (an author, a
 * director) when there is one, and the type's icon at the foot.
 */
export function CoverPlaceholder({
  title,
  creator,
  type,
  size = 'small',
}: {
  title: string;
  creator?: string | null;
  type?: string;
  size?: 'small' | 'large';
}) {
  return (
    <span
      className={`cover-placeholder cover-placeholder--${size} ${placeholderColourClass(title)}`}

      aria-hidden="true"
      data-testid="cover-placeholder"
    >
      <span className="cover-placeholder__title">{title}</span>
      <span className="cover-placeholder__rule" />
      {creator ? <span className="cover-placeholder__creator">{creator}</span> : null}
      <TypeIcon type={type} className="cover-placeholder__icon" />
    </span>
  );
}

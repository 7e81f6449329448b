// What stands in for a missing cover: the title on a colour derived from it, with the collection
// type's icon. Decorative (aria-hidden): the title is also the card's link text.
import { BookOpen, Box, Clapperboard, Dices, LibraryBig } from 'lucide-react';
import { PLACEHOLDER_TEXT, placeholderColour } from '../lib/placeholder-colour';
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

export function CoverPlaceholder({ title, type, size = 'small' }: { title: string; type?: string; size?: 'small' | 'large' }) {
  return (
    <span
      className={`cover-placeholder cover-placeholder--${size}`}
      style={{ backgroundColor: placeholderColour(title), color: PLACEHOLDER_TEXT }}
      aria-hidden="true"
      data-testid="cover-placeholder"
    >
      <TypeIcon type={type} className="cover-placeholder__icon" />
      <span className="cover-placeholder__title">{title}</span>
    </span>
  );
}

// The icon of a property's content type, beside its name where types are listed (decorative: the
// type's name is always written next to it).
import { AlignLeft, Braces, Calendar, CalendarClock, File, Hash, Image, Link, Palette, Star, ToggleLeft, Type, Video } from 'lucide-react';
import type { PropertyType } from '@shared/catalogue';
import type { IconComponent } from './button';

const ICONS: Record<PropertyType, IconComponent> = {
  text: Type,
  longtext: AlignLeft,
  json: Braces,
  number: Hash,
  rating: Star,
  date: Calendar,
  datetime: CalendarClock,
  url: Link,
  color: Palette,
  yesno: ToggleLeft,
  image: Image,
  video: Video,
  file: File,
};

export function PropertyTypeIcon({ type, size = 16 }: { type: PropertyType; size?: number }) {
  const Icon = ICONS[type];
  return <Icon size={size} aria-hidden="true" className="property-type-icon" />;
}

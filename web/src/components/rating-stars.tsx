// Five stars with halves. The picture is hidden from assistive technologies, which read the text.
import { defineMessages, useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';

const messages = defineMessages<{ outOf: { value: number } }>({
  outOf: { id: 'components.ratingStars.outOf', defaultMessage: '{value, number} out of 5' },
});

const STARS = [1, 2, 3, 4, 5];

export function ratingText(intl: IntlShape, value: number): string {
  return intl.formatMessage(messages.outOf, { value });
}

export function RatingStars({ value }: { value: number }) {
  const intl = useIntl();
  return (
    <span className="rating" role="img" aria-label={ratingText(intl, value)}>
      {STARS.map((star) => {
        const fill = value >= star ? 'full' : value >= star - 0.5 ? 'half' : 'empty';
        return <span key={star} className={`rating__star rating__star--${fill}`} aria-hidden="true" />;
      })}
    </span>
  );
}

// Page titles (spec §2): "<title> - Vitrine", or the localized default.
import { useEffect } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { PRODUCT_NAME } from '../../../shared/constants';

const messages = defineMessages<{ page: { title: string; product: string }; default: { product: string } }>({
  page: { id: 'lib.pageTitle.page', defaultMessage: '{title} - {product}' },
  default: { id: 'lib.pageTitle.default', defaultMessage: '{product} - Collection Manager' },
});

export function usePageTitle(title?: string): void {
  const intl = useIntl();
  const text = title
    ? intl.formatMessage(messages.page, { title, product: PRODUCT_NAME })
    : intl.formatMessage(messages.default, { product: PRODUCT_NAME });
  useEffect(() => {
    document.title = text;
  }, [text]);
}

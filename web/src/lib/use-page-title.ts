// Page titles (docs/product.md §2): "<title> - <the instance's name>", or the localized default.
import { useEffect } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useInstanceName } from './use-settings';

const messages = defineMessages<{ page: { title: string; product: string }; default: { product: string } }>({
  page: { id: 'lib.pageTitle.page', defaultMessage: '{title} - {product}' },
  default: { id: 'lib.pageTitle.default', defaultMessage: '{product} - Collection Manager' },
});

export function usePageTitle(title?: string): void {
  const intl = useIntl();
  const product = useInstanceName();
  const text = title ? intl.formatMessage(messages.page, { title, product }) : intl.formatMessage(messages.default, { product });
  useEffect(() => {
    document.title = text;
  }, [text]);
}

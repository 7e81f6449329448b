// The collection's latest lists of codes on the search page, newest first, each leading to its report.
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { Link } from 'react-router-dom';
import { paths } from '@web/lib/paths';
import { useSourceQueues } from '../api/source-queues';
import { queueMessages } from './source-queue-report';
import '@web/components/run-list.css';

const messages = defineMessages<{ heading: NoMessageValues; summary: { added: number; owned: number; missing: number; failed: number } }>({
  heading: { id: 'sources.recentQueues.heading', defaultMessage: 'Latest lists' },
  summary: {
    id: 'sources.recentQueues.summary',
    defaultMessage: '{added} added · {owned} already held · {missing} not found · {failed} failed',
  },
});

export function RecentQueues({ collectionId }: { collectionId: number }) {
  const intl = useIntl();
  const { data } = useSourceQueues(collectionId);
  if (!data || data.queues.length === 0) return null;
  return (
    <section className="stack" aria-labelledby="recent-queues-title">
      <h2 id="recent-queues-title">{intl.formatMessage(messages.heading)}</h2>
      <ul className="run-list">
        {data.queues.map((queue) => (
          <li key={queue.id} className="run-list__run">
            <div className="run-list__head">
              <Link className="run-list__name" to={paths.collectionSourceQueue(collectionId, queue.id)}>
                {intl.formatMessage(queueMessages.name, { count: queue.total })}
              </Link>
              <span className={`run-status run-status--${queue.status}`}>{intl.formatMessage(queueMessages[queue.status])}</span>
            </div>
            <span className="muted">
              {intl.formatMessage(queueMessages.started, {
                date: intl.formatDate(queue.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
              })}{' '}
              · {intl.formatMessage(messages.summary, queue)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

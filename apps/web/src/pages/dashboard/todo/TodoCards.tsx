import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getTodo, workbenchKeys } from '../../../api/workbench';
import { todoHref } from './todoLinks';
import './todo.css';

/**
 * The to-do list (待办, issue 42) at the top of the dashboard: one compact card per item kind the
 * user may see, with its count; a card opens the list page filtered to exactly the counted rows.
 * Plain elements and type-only contract imports (the dashboard's first load has a size budget).
 */
export const TodoCards = () => {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: workbenchKeys.todo, queryFn: getTodo, staleTime: 30_000 });

  if (query.isPending)
    return (
      <section className="todo" aria-busy="true" aria-label={t('dashboard.todo.loading')}>
        <div className="todo-cards">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="todo-card todo-card--loading" />
          ))}
        </div>
      </section>
    );
  if (query.isError)
    return (
      <section className="todo todo--error" role="alert">
        <span>{t('dashboard.todo.loadFailed')}</span>
        <button type="button" className="dashboard-retry" onClick={() => void query.refetch()}>
          {t('dashboard.todo.retry')}
        </button>
      </section>
    );

  const items = query.data.items;
  // A kind with nothing waiting is not a to-do: only the waiting ones get a card.
  const waiting = items.filter((i) => i.count > 0);
  // A role without any to-do kind (nothing it could act on) sees no to-do section at all.
  if (!items.length) return null;
  return (
    <section className="todo" aria-labelledby="dashboard-todo-title" data-testid="dashboard-todo">
      <h2 id="dashboard-todo-title" className="todo-title">
        {t('dashboard.todo.title')}
      </h2>
      {waiting.length ? (
        <ul className="todo-cards">
          {waiting.map((item) => (
            <li key={item.kind}>
              <Link
                to={todoHref(item.link)}
                className="todo-card"
                data-kind={item.kind}
                data-testid="todo-card"
              >
                <span className="todo-card__count">{item.count.toLocaleString('en-US')}</span>
                <span className="todo-card__label">{t(`dashboard.todo.kind.${item.kind}`)}</span>
                {item.kind === 'NEW_ASSIGNED' ? (
                  <span className="todo-card__hint">
                    {t('dashboard.todo.newAssignedHint', { days: item.link.query.assignedDays })}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="todo-empty" data-testid="todo-empty">
          {t('dashboard.todo.empty')}
        </p>
      )}
    </section>
  );
};

import { ADMIN_ROLE } from '@educrm/contract/access';
import type { DashboardSummary } from '@educrm/contract/orders';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getDashboardSummary, orderKeys } from '../../api/orders';
import { useCan } from '../../session/useCan';
import { useUserStore } from '../../stores/user';
import { formatMoney } from '../../utils/number';
import { monthToDate, shanghaiToday } from './days';

/**
 * The user's first figures (GET /dashboard/summary answers only what the user may see): paid,
 * refunded and net today and this month (admin, chakan), own clients, due follow-ups and own net
 * this month (sales), products on sale and low stock (product ops). Plain elements only: the
 * dashboard's first load has a size budget.
 */
export const SummaryCards = () => {
  const { t } = useTranslation();
  const can = useCan();
  const isAdmin = useUserStore((s) => s.roles.includes(ADMIN_ROLE));
  const query = useQuery({
    queryKey: orderKeys.dashboard,
    queryFn: getDashboardSummary,
    staleTime: 60_000,
  });

  if (query.isPending)
    return (
      <section className="dashboard-figures" aria-busy="true" aria-label={t('dashboard.figures.loading')}>
        <div className="dashboard-stats">
          {[0, 1, 2].map((i) => (
            <div key={i} className="dashboard-stat dashboard-stat--loading" />
          ))}
        </div>
      </section>
    );
  if (query.isError)
    return (
      <section className="dashboard-figures dashboard-figures--error" role="alert">
        <span>{t('dashboard.figures.loadFailed')}</span>
        <button type="button" className="dashboard-retry" onClick={() => void query.refetch()}>
          {t('dashboard.figures.retry')}
        </button>
      </section>
    );

  // An admin's own sales figures are noise beside the company's.
  const groups = groupsOf(query.data, can, t).filter((g) => !(isAdmin && g.key === 'mine'));
  if (!groups.length) return null;
  return (
    <section
      className="dashboard-figures"
      aria-labelledby="dashboard-figures-title"
      data-testid="dashboard-figures"
    >
      <h2 id="dashboard-figures-title" className="visually-hidden">
        {t('dashboard.figures.title')}
      </h2>
      {groups.map((g) => (
        <div key={g.key} className="dashboard-figure-group" data-group={g.key}>
          <div className="dashboard-figure-group__head">
            <h3>{g.title}</h3>
            {g.link ? (
              <Link to={g.link.to} className="dashboard-figure-link">
                {g.link.label}
              </Link>
            ) : null}
          </div>
          <div className="dashboard-stats">
            {g.cards.map((c) => (
              <Stat key={c.key} card={c} />
            ))}
          </div>
        </div>
      ))}
    </section>
  );
};

interface Card {
  key: string;
  label: string;
  value: string;
  negative?: boolean;
  hint?: string;
  to?: string;
}
interface Group {
  key: string;
  title: string;
  link?: { to: string; label: string };
  cards: Card[];
}

const Stat = ({ card: { label, value, negative, hint, to } }: { card: Card }) => {
  const body: ReactNode = (
    <>
      <span className="dashboard-stat__label">{label}</span>
      <span className={`dashboard-stat__value${negative ? ' dashboard-stat__value--minus' : ''}`}>
        {value}
      </span>
      {hint ? <span className="dashboard-stat__hint">{hint}</span> : null}
    </>
  );
  return to ? (
    <Link to={to} className="dashboard-stat dashboard-stat--link" data-testid="dashboard-stat">
      {body}
    </Link>
  ) : (
    <div className="dashboard-stat" data-testid="dashboard-stat">
      {body}
    </div>
  );
};

const ordersBetween = (from: string, to: string) => `/order/list?payFrom=${from}&payTo=${to}`;

const groupsOf = (
  s: DashboardSummary,
  can: (code: string) => boolean,
  t: (key: string, opts?: Record<string, unknown>) => string,
): Group[] => {
  const today = shanghaiToday();
  const month = monthToDate();
  const orders = can('order.list');
  const groups: Group[] = [];
  const money = (key: string, label: string, fen: number, to?: string): Card => ({
    key,
    label,
    value: formatMoney(fen),
    negative: fen < 0,
    to,
  });
  for (const [key, figures, range] of [
    ['today', s.today, [today, today]],
    ['month', s.month, month],
  ] as const) {
    if (!figures) continue;
    const link = orders ? ordersBetween(range[0], range[1]) : undefined;
    groups.push({
      key,
      title: t(`dashboard.figures.${key}`),
      link: link ? { to: link, label: t('dashboard.figures.viewOrders') } : undefined,
      cards: [
        money(`${key}-paid`, t('dashboard.figures.paid'), figures.paid, link),
        money(`${key}-refund`, t('dashboard.figures.refund'), figures.refund),
        money(`${key}-net`, t('dashboard.figures.net'), figures.net),
      ],
    });
  }
  const mine: Card[] = [];
  if (s.myClients !== null)
    mine.push({
      key: 'my-clients',
      label: t('dashboard.figures.myClients'),
      value: s.myClients.toLocaleString('en-US'),
      to: can('client.my-list') ? '/client/my-list' : undefined,
    });
  if (s.dueFollowUps !== null)
    mine.push({
      key: 'due',
      label: t('dashboard.figures.dueFollowUps'),
      value: s.dueFollowUps.toLocaleString('en-US'),
      hint: t('dashboard.figures.dueHint'),
      to: can('client.my-list') ? '/client/my-list?nextFollow=today' : undefined,
    });
  if (s.myMonthNet !== null)
    mine.push(
      money(
        'my-net',
        t('dashboard.figures.myMonthNet'),
        s.myMonthNet,
        orders ? ordersBetween(month[0], month[1]) : undefined,
      ),
    );
  if (mine.length) groups.push({ key: 'mine', title: t('dashboard.figures.mine'), cards: mine });
  const products: Card[] = [];
  if (s.onSaleProducts !== null)
    products.push({
      key: 'on-sale',
      label: t('dashboard.figures.onSale'),
      value: s.onSaleProducts.toLocaleString('en-US'),
      to: can('product.list') ? '/product/list?status=ON' : undefined,
    });
  if (s.lowStockSkus !== null)
    products.push({
      key: 'low-stock',
      label: t('dashboard.figures.lowStock'),
      value: s.lowStockSkus.toLocaleString('en-US'),
      negative: s.lowStockSkus > 0,
      hint: t('dashboard.figures.lowStockHint'),
      to: can('product.list') ? '/product/list?status=ON' : undefined,
    });
  if (products.length)
    groups.push({ key: 'products', title: t('dashboard.figures.products'), cards: products });
  return groups;
};

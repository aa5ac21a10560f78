import { Link } from 'react-router-dom';
import { formatPrice } from '../../../shared/money';
import { Spinner } from '../../components/spinner';
import { useGettingStartedQuery } from './api';
import { LoadError } from '../../components/load-error';

const START = "Let's get started!";

/** The three ways an assessor earns, with the server's current amounts. */
export function Amounts() {
  const { data, isLoading, isError, refetch } = useGettingStartedQuery();
  if (isLoading) return <Spinner label="Loading prices" />;
  if (isError || !data) return <LoadError what="the current prices" onRetry={() => void refetch()} />;
  const cards = [
    {
      title: 'Referral fee',
      amount: data.current_upgrade_referral_pence,
      text: 'Earned every time a customer upgrades one of your free Preliminary Reports to a Premium Report.',
    },
    {
      title: 'Trade price',
      amount: data.current_premium_price_pence,
      text: 'What you pay for a Premium Report, by card or with a free premium credit.',
    },
    {
      title: 'Recommended sell price',
      amount: data.current_recommended_premium_sell_pence,
      text: 'What we suggest you charge your customer for a Premium Report; the price is yours to choose.',
    },
  ];
  return (
    <ul className="gs-amounts">
      {cards.map((card) => (
        <li key={card.title} className="gs-card">
          <h2>{card.title}</h2>
          <p className="gs-amount">{formatPrice(card.amount)}</p>
          <p>{card.text}</p>
          <Link className="button" to="/uploadXml">
            {START}
          </Link>
        </li>
      ))}
    </ul>
  );
}

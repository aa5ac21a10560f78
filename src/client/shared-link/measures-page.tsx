import { useContractorsMeasuresQuery } from './api';
import { Link, sharedPaths } from './location';
import { InvalidLink, LoadingView } from './message-views';
import { ContractorsCard } from './contractors-card';

/** The report's measures that have contractors covering the property's area. */
export function MeasuresPage({ reportPath }: { reportPath: string }) {
  const { data, isLoading, isError } = useContractorsMeasuresQuery({ report_path: reportPath });
  if (isLoading) return <LoadingView />;
  if (isError || !data) return <InvalidLink />;
  return (
    <ContractorsCard
      assessor={data.assessor}
      backTo={sharedPaths.landing(reportPath)}
      backText="Back to your free report"
      title="Recommended contractors"
      subtitle={data.short_title}
    >
      {data.measures.length === 0 ? (
        <p>There are no recommended contractors for this property yet.</p>
      ) : (
        <>
          <p>Choose an improvement to ask local contractors for a quote.</p>
          <ul className="shared-tiles">
            {data.measures.map((m) => (
              <li key={m.code}>
                <Link className="shared-tile" to={sharedPaths.contractors(reportPath, m.code, 'preliminary')}>
                  <img src={m.image} alt="" width="96" height="96" />
                  <span>{m.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </ContractorsCard>
  );
}

/** A route whose screen arrives in a later issue; it exists now so links and redirects work. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="placeholder-page">
      <h1>{title}</h1>
    </section>
  );
}

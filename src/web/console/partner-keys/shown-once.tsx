// A secret or key the server shows this once: said so, and easy to select and copy.
export function ShownOnce({ title, value }: { title: string; value: string }) {
  return (
    <section className="console-enrolment" aria-label={title}>
      <h3>{title}</h3>
      <p>Copy it now: it is not shown again.</p>
      <p>
        <code className="console-wrap">{value}</code>
      </p>
    </section>
  );
}

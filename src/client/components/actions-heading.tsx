/** The heading of a table's column of buttons: screen readers hear it, the eye needs none. */
export function ActionsHeading() {
  return (
    <th scope="col">
      <span className="visually-hidden">Actions</span>
    </th>
  );
}

/** What a screen shows while its code or the sign-in state is on the way. */
export function PageLoading() {
  return (
    <p className="page-loading" role="status">
      Loading...
    </p>
  );
}

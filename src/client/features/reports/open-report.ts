/**
 * Opens an address that still has to be fetched in a new tab. The tab is opened before the fetch,
 * in direct answer to the click, because browsers block a new tab opened after an await; it is
 * cut off from this page (opener) before it loads anything.
 */
export async function openInNewTab(fetchUrl: () => Promise<string>): Promise<void> {
  const tab = window.open('', '_blank');
  let url: string;
  try {
    url = await fetchUrl();
  } catch (error) {
    tab?.close();
    throw error;
  }
  if (tab) {
    tab.opener = null;
    tab.location.href = url;
  } else {
    window.open(url, '_blank', 'noopener');
  }
}

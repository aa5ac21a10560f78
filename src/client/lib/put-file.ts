/**
 * Sends a file's bytes to the address the upload call gave (`upload_to`) with a PUT, reporting
 * the percent sent. XMLHttpRequest rather than fetch: fetch reports no upload progress.
 * Shared by the survey XML files and branding logos.
 */
export function putFile(url: string, file: Blob, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    // Resolved against the page: the server gives a same-origin path today, a signed object-store
    // URL later. Cookies go only to our own origin (XHR's default), never to a store.
    xhr.open('PUT', new URL(url, window.location.href).href);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else {
        reject(new Error(serverError(xhr.responseText) ?? `The upload was refused (${xhr.status}). Please try again.`));
      }
    };
    xhr.onerror = () => reject(new Error('The upload did not reach the server. Check your connection and try again.'));
    xhr.onabort = () => reject(new Error('The upload was stopped.'));
    xhr.send(file);
  });
}

function serverError(text: string): string | null {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    return typeof body.error === 'string' && body.error ? body.error : null;
  } catch {
    return null;
  }
}

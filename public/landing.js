// The Copy button of a coupon's landing page (functions/src/landing.ts): copies the text of the
// element its data-copy names and says so. Without this script the code stays selectable text.
for (const button of document.querySelectorAll('[data-copy]')) {
  button.addEventListener('click', async () => {
    const source = document.getElementById(button.getAttribute('data-copy'));
    const status = document.querySelector('.landing__copied');
    try {
      await navigator.clipboard.writeText(source.textContent.trim());
      if (status) status.textContent = 'Copied.';
    } catch {
      if (status) status.textContent = 'Could not copy: select the code and copy it yourself.';
    }
  });
}

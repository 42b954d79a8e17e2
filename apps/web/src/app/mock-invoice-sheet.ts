import type { InvoiceStatus } from '@tma.js/sdk-react';

/*
 * Development only (loaded with mock-env.ts): what Telegram's payment sheet does for
 * `openInvoice`. Outside Telegram nobody can pay, so the sheet lets the developer (or a browser
 * test) report how the invoice closed. Reporting "paid" credits nothing by itself: only the
 * bot's successful_payment does (a test posts it to the webhook first, as Telegram would).
 */

const SHEET_ID = 'mock-telegram-invoice';

/** Shows the development payment sheet for one invoice and reports its closing status. */
export function showMockInvoiceSheet(slug: string, close: (status: InvoiceStatus) => void): void {
  document.getElementById(SHEET_ID)?.remove();
  const sheet = document.createElement('div');
  sheet.id = SHEET_ID;
  sheet.setAttribute('role', 'dialog');
  sheet.setAttribute('aria-label', 'Telegram payment (development)');
  sheet.style.cssText = [
    'position:fixed',
    'inset:auto 0 0 0',
    'z-index:2147483647',
    'padding:18px 18px 28px',
    'background:#1c1c1e',
    'color:#fff',
    'font:15px/1.35 -apple-system,system-ui,sans-serif',
    'border-radius:16px 16px 0 0',
    'box-shadow:0 -12px 40px rgba(0,0,0,.6)',
  ].join(';');

  const title = document.createElement('div');
  title.textContent = 'Confirm Your Purchase';
  title.style.cssText = 'font-weight:700;font-size:18px;text-align:center;margin-bottom:6px';
  const note = document.createElement('div');
  note.textContent = `Development mode: Telegram would take the payment for invoice ${slug} here.`;
  note.style.cssText = 'color:#8e8e93;text-align:center;font-size:13px;margin-bottom:16px';

  const button = (label: string, status: InvoiceStatus, primary: boolean) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = label;
    element.style.cssText = `display:block;width:100%;margin-top:8px;padding:13px;border:0;border-radius:10px;font-weight:600;font-size:16px;cursor:pointer;${primary ? 'background:#2ea6ff;color:#fff' : 'background:#2c2c2e;color:#2ea6ff'}`;
    element.addEventListener('click', () => {
      sheet.remove();
      close(status);
    });
    return element;
  };

  sheet.append(title, note, button('Pay', 'paid', true), button('Payment fails', 'failed', false));
  sheet.append(button('Cancel', 'cancelled', false));
  document.body.append(sheet);
}

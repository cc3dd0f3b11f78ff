// An invoice (invoice.ts) as an A4 PDF, laid out with jsPDF, which the QR downloads already use:
// loaded only when an invoice is asked for.
import type { Invoice } from './invoice';

const MARGIN = 20;
const WIDTH = 210;

export async function invoicePdf(invoice: Invoice): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const pdf = new jsPDF({ unit: 'mm', format: 'a4' });
  pdf.setProperties({ title: `${invoice.title} ${invoice.number}` });
  let y = MARGIN + 6;
  pdf.setFont('helvetica', 'bold').setFontSize(20).text(invoice.title, MARGIN, y);
  y += 10;
  pdf.setFontSize(10);
  for (const [label, value] of invoice.facts) {
    pdf.setFont('helvetica', 'bold').text(label, MARGIN, y);
    pdf.setFont('helvetica', 'normal').text(value, MARGIN + 45, y);
    y += 5.5;
  }
  y += 6;
  const column = (title: string, lines: readonly string[], x: number) => {
    let at = y;
    pdf.setFont('helvetica', 'bold').text(title, x, at);
    pdf.setFont('helvetica', 'normal');
    for (const line of lines) {
      at += 5.5;
      pdf.text(line, x, at);
    }
    return at;
  };
  y = Math.max(column('From', invoice.from, MARGIN), column('To', invoice.to, WIDTH / 2)) + 12;
  pdf.setDrawColor(160).line(MARGIN, y - 5, WIDTH - MARGIN, y - 5);
  pdf.setFont('helvetica', 'bold').text('Description', MARGIN, y);
  pdf.text('Amount', WIDTH - MARGIN, y, { align: 'right' });
  y += 7;
  pdf.setFont('helvetica', 'normal');
  const description = pdf.splitTextToSize(invoice.item.description, 120) as string[];
  pdf.text(description, MARGIN, y);
  pdf.text(invoice.item.amount, WIDTH - MARGIN, y, { align: 'right' });
  y += description.length * 5.5 + 4;
  pdf.line(MARGIN, y - 3, WIDTH - MARGIN, y - 3);
  for (const [label, value] of invoice.totals) {
    y += 3;
    pdf.setFont('helvetica', label.startsWith('Total') ? 'bold' : 'normal');
    pdf.text(label, MARGIN, y);
    pdf.text(value, WIDTH - MARGIN, y, { align: 'right' });
    y += 3;
  }
  pdf.setFont('helvetica', 'normal').text(invoice.footer, MARGIN, y + 14);
  return pdf.output('blob');
}

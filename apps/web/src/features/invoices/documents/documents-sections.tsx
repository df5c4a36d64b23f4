import { formatDateTime } from '@glass/domain/rules/date-format';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useSignaturePath } from '../records/records-api';
import { withProgress } from '../../../api/notices';
import { AttachmentImage } from '../../../ui/attachment-image';
import { documentsApi, signaturePath, useInvoiceList } from './documents-api';
import { DOC_TEXT } from './documents-texts';
import { byLine, QueryBody, RecordItem, RecordList } from '../records/records-section';
import { formatPhone } from '../../../ui/phone';
import type { InvoicePdfVersion, TechTextRow } from '@glass/domain/contracts/invoices';

/** The customer's latest signature (GET SignaturePath, then the image with the token). */
export function SignatureSection({ invoiceId }: { invoiceId: number }) {
  const info = useSignaturePath(invoiceId);
  const rows = info.data?.path ? [info.data] : [];
  return (
    <QueryBody query={{ ...info, data: rows }} label="signature" empty="Not signed yet.">
      {([signature]) => (
        <figure style={{ margin: 0, maxWidth: 360 }} data-testid="invoice-signature">
          <div style={{ background: 'var(--gs-color-bg-container)', borderRadius: 4 }}>
            <AttachmentImage
              url={signaturePath(invoiceId)}
              alt={`Customer signature of invoice ${invoiceId}`}
            />
          </div>
          <figcaption>Signed {formatDateTime(signature.signedAt)}</figcaption>
        </figure>
      )}
    </QueryBody>
  );
}

type StoredPdf = InvoicePdfVersion;

/** The PDFs kept so far (Save PDF, e-mailed invoices), newest first; each opens in a new tab. */
export function PdfsSection({ invoiceId }: { invoiceId: number }) {
  const pdfs = useInvoiceList<StoredPdf>(invoiceId, 'pdfs', `/Invoices/${invoiceId}/previousPdfs`);
  const [opening, setOpening] = useState<number>();
  const open = async (pdfId: number) => {
    setOpening(pdfId);
    await withProgress(documentsApi.viewStoredPdf(invoiceId, pdfId), DOC_TEXT.pdfReady).catch(
      () => undefined,
    );
    setOpening(undefined);
  };
  return (
    <QueryBody
      query={pdfs}
      label="PDFs"
      empty="No PDF saved yet: Save PDF keeps one, and sending the invoice keeps the PDF it sent."
    >
      {(rows) => (
        <RecordList label="Invoice PDFs">
          {rows.map((pdf) => (
            <RecordItem
              key={pdf.id}
              testId="invoice-pdf"
              title={`PDF of ${formatDateTime(pdf.createdAt)}`}
              meta={byLine('', pdf.user)}
              actions={
                <Button
                  size="small"
                  loading={opening === pdf.id}
                  aria-label={`View PDF of ${formatDateTime(pdf.createdAt)}`}
                  onClick={() => open(pdf.id)}
                >
                  View
                </Button>
              }
            />
          ))}
        </RecordList>
      )}
    </QueryBody>
  );
}

type TechText = TechTextRow;

/** Tech texts sent to the customer, newest first. */
export function TechTextsSection({ invoiceId }: { invoiceId: number }) {
  const texts = useInvoiceList<TechText>(invoiceId, 'techTexts', `/Invoices/${invoiceId}/techTexts`);
  return (
    <QueryBody query={texts} label="tech texts" empty="No tech text sent.">
      {(rows) => (
        <RecordList label="Tech texts sent">
          {rows.map((text) => (
            <RecordItem
              key={text.id}
              title={formatPhone(text.phone)}
              meta={byLine(formatDateTime(text.sentAt), text.sender)}
              actions={<Tag>{text.status}</Tag>}
              body={text.message}
            />
          ))}
        </RecordList>
      )}
    </QueryBody>
  );
}

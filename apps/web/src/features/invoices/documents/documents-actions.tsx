import EditOutlined from '@ant-design/icons/EditOutlined';
import FilePdfOutlined from '@ant-design/icons/FilePdfOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import SaveOutlined from '@ant-design/icons/SaveOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Tooltip } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { inlineError, withProgress } from '../../../api/notices';
import { documentsApi, signaturePath, useCan, useInvoiceDetail } from './documents-api';
import { SendInvoiceModal, TechTextModal } from './documents-send';
import { DOC_TEXT } from './documents-texts';
import { useRecordWrite } from '../records/records-form';
import { SignaturePad, type SignaturePadHandle } from '../../../ui/signature-pad';
import { invoiceKeys, lookupKeys } from '../../../query/query-keys';

type Dialog = 'sign' | 'email' | 'text' | null;

/** A button that explains in a tooltip why it is disabled (a disabled button gets no hover, hence the span; screen readers get the description). */
function ReasonButton({
  reason,
  children,
  ...props
}: { reason?: string; children: ReactNode } & Parameters<typeof Button>[0]) {
  if (!reason) return <Button {...props}>{children}</Button>;
  return (
    <Tooltip title={reason}>
      <span>
        <Button {...props} disabled aria-description={reason}>
          {children}
        </Button>
      </span>
    </Tooltip>
  );
}

/**
 * Sign, View PDF, Save PDF, Send invoice, Send tech text (spec 2 §1, §4, §7). Only View PDF when
 * read-only; Save PDF (keeps a version, not an edit of the invoice) for every invoice writer.
 */
export function DocumentActions({ invoiceId, readOnly }: { invoiceId: number; readOnly: boolean }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [pdfBusy, setPdfBusy] = useState(false);
  const [keepBusy, setKeepBusy] = useState(false);
  const queryClient = useQueryClient();
  const detail = useInvoiceDetail(invoiceId).data;
  const canWrite = useCan('invoice.write');
  const canSend = useCan('invoice.send');
  const customer = detail?.customer;
  const hasPhone = Boolean(customer?.primaryPhone?.phone || customer?.secondaryPhone?.phone);

  // Viewing only renders; Save PDF keeps a version (so does sending the invoice by e-mail).
  const viewPdf = async () => {
    setPdfBusy(true);
    try {
      await withProgress(documentsApi.viewPdf(invoiceId), DOC_TEXT.pdfReady);
    } catch {
      // withProgress showed the notice.
    } finally {
      setPdfBusy(false);
    }
  };
  const keepPdf = async () => {
    setKeepBusy(true);
    try {
      await withProgress(documentsApi.keepPdf(invoiceId), DOC_TEXT.pdfKept);
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.part(invoiceId, 'pdfs') });
    } catch {
      // withProgress showed the notice.
    } finally {
      setKeepBusy(false);
    }
  };

  return (
    <>
      {!readOnly && canWrite && (
        <Button icon={<EditOutlined aria-hidden />} onClick={() => setDialog('sign')}>
          {DOC_TEXT.sign}
        </Button>
      )}
      <Button icon={<FilePdfOutlined aria-hidden />} loading={pdfBusy} onClick={viewPdf}>
        {DOC_TEXT.viewPdf}
      </Button>
      {canWrite && (
        <Button icon={<SaveOutlined aria-hidden />} loading={keepBusy} onClick={keepPdf}>
          {DOC_TEXT.keepPdf}
        </Button>
      )}
      {!readOnly && canSend && (
        <>
          <ReasonButton
            icon={<MailOutlined aria-hidden />}
            reason={customer?.doNotEmail ? DOC_TEXT.doNotEmail : undefined}
            onClick={() => setDialog('email')}
          >
            {DOC_TEXT.sendInvoice}
          </ReasonButton>
          <ReasonButton
            icon={<MessageOutlined aria-hidden />}
            reason={
              customer?.doNotText ? DOC_TEXT.doNotText : !hasPhone && detail ? DOC_TEXT.noPhone : undefined
            }
            onClick={() => setDialog('text')}
          >
            {DOC_TEXT.sendTechText}
          </ReasonButton>
        </>
      )}
      <SignModal invoiceId={invoiceId} open={dialog === 'sign'} onClose={() => setDialog(null)} />
      <SendInvoiceModal
        invoiceId={invoiceId}
        email={customer?.email ?? ''}
        open={dialog === 'email'}
        onClose={() => setDialog(null)}
      />
      <TechTextModal invoiceId={invoiceId} open={dialog === 'text'} onClose={() => setDialog(null)} />
    </>
  );
}

function SignModal({ invoiceId, open, onClose }: { invoiceId: number; open: boolean; onClose: () => void }) {
  const pad = useRef<SignaturePadHandle>(null);
  const [empty, setEmpty] = useState(true);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const write = useRecordWrite(invoiceId);

  const save = async () => {
    const png = await pad.current?.toPng();
    if (!png) return inlineError(DOC_TEXT.signEmpty);
    setBusy(true);
    const saved = await write(() => documentsApi.sign(invoiceId, png), DOC_TEXT.signed);
    setBusy(false);
    if (!saved) return;
    // The image is cached by its path: a new signature replaces it.
    void queryClient.invalidateQueries({ queryKey: lookupKeys.attachment(signaturePath(invoiceId)) });
    onClose();
  };

  return (
    <Modal
      open={open}
      title={DOC_TEXT.signTitle(invoiceId)}
      onCancel={onClose}
      onOk={save}
      okText={DOC_TEXT.signSave}
      okButtonProps={{ disabled: empty, loading: busy }}
      destroyOnHidden
      // A stray click beside the pad must not throw the signature away.
      mask={{ closable: false }}
      afterOpenChange={(visible) => visible || setEmpty(true)}
    >
      <SignaturePad ref={pad} onChange={setEmpty} />
    </Modal>
  );
}

import type { InitiateLink } from '@glass/domain/contracts/approvals';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { Alert, Modal, QRCode, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { withProgress } from '../../api/notices';
import { approvalsApi } from './api';

// A code scanners read: dark modules on a light ground whatever the theme (like the signature's ink).
const QR_INK = '#000000';
const QR_PAPER = '#ffffff';

/**
 * The customer's authorisation to start the work (/sign-initiate/{id}?t=…): a signed link, shown as a QR
 * code to scan at the counter and as text to copy into a message. Made when the dialog opens.
 */
export function InitiateLinkModal({
  invoiceId,
  open,
  onClose,
}: {
  invoiceId: number;
  open: boolean;
  onClose: () => void;
}) {
  const [link, setLink] = useState<InitiateLink>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open) return;
    setLink(undefined);
    setFailed(false);
    withProgress(approvalsApi.initiateLink(invoiceId), 'Link ready')
      .then(setLink)
      .catch(() => setFailed(true));
  }, [open, invoiceId]);
  return (
    <Modal open={open} title="Customer signature link" onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        The customer scans the code, or opens the link on their phone, and signs to authorise the work.
      </Typography.Paragraph>
      {failed && <Alert type="error" showIcon title="The link could not be made." />}
      {link && (
        <div style={{ display: 'grid', justifyItems: 'center', gap: 12 }}>
          <QRCode
            aria-label="QR code of the signature link"
            value={link.url}
            size={200}
            bordered={false}
            color={QR_INK}
            bgColor={QR_PAPER}
          />
          <Typography.Paragraph
            copyable={{ text: link.url, tooltips: ['Copy link', 'Copied'] }}
            style={{ overflowWrap: 'anywhere', marginBottom: 0 }}
            data-testid="initiate-link"
          >
            {link.url}
          </Typography.Paragraph>
          <Typography.Text type="secondary">Valid until {formatDateTime(link.expiresAt)}</Typography.Text>
        </div>
      )}
    </Modal>
  );
}

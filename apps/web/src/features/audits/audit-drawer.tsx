import type { AuditCheckItem } from '@glass/domain/contracts';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { auditKeys, invoiceKeys } from '../../query/query-keys';
import { useRefreshingMutation } from '../../query/use-write';
import { auditsApi } from './audits-api';

const STATUS: Record<AuditCheckItem['status'], { label: string; tone: string }> = {
  pass: { label: 'Pass', tone: 'success' },
  fail: { label: 'Fail', tone: 'error' },
  notApplicable: { label: 'N/A', tone: 'info' },
};

/** One invoice's audit: the checklist the server computed, the audits so far, Pass and Return. */
export function AuditDrawer({ invoiceId, onClose }: { invoiceId: number | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [returning, setReturning] = useState(false);
  const audit = useQuery({
    queryKey: auditKeys.detail(invoiceId ?? 0),
    queryFn: () => auditsApi.get(invoiceId as number),
    enabled: invoiceId !== null,
  });
  const refresh = () => [
    auditKeys.all,
    invoiceKeys.lists,
    ...(invoiceId ? [invoiceKeys.detail(invoiceId)] : []),
  ];
  const done = () => {
    setReason('');
    setReturning(false);
    onClose();
  };
  const pass = useRefreshingMutation({
    mutationFn: () => auditsApi.pass(invoiceId as number),
    refresh,
    onSuccess: done,
  });
  const ret = useRefreshingMutation({
    mutationFn: () => auditsApi.ret(invoiceId as number, reason.trim()),
    refresh,
    progress: 'Returned to the lead technician',
    onSuccess: done,
  });
  const data = audit.data;
  const failing = data?.checks.some((c) => c.status === 'fail') ?? true;
  return (
    <Drawer
      open={invoiceId !== null}
      onClose={onClose}
      title={`Audit of invoice ${invoiceId ?? ''}`}
      size="large"
      destroyOnHidden
      footer={
        data?.submitted && !data.passed ? (
          <Space wrap>
            <Button type="primary" disabled={failing} loading={pass.isPending} onClick={() => pass.mutate()}>
              Pass
            </Button>
            <Button danger onClick={() => setReturning(true)} disabled={returning}>
              Return
            </Button>
          </Space>
        ) : null
      }
    >
      {audit.isError ? <Alert type="error" showIcon title="Failed to get the audit" /> : null}
      {data ? (
        <>
          <p>
            <Link to={`/invoices/${data.invoiceId}`}>Open invoice {data.invoiceId}</Link>
            {data.facilityName ? ` · ${data.facilityName}` : ''}
            {data.submittedAt ? ` · submitted ${formatDateTime(data.submittedAt)}` : ''}
            {data.leadTechnician ? ` · lead technician ${data.leadTechnician.name}` : ''}
          </p>
          {data.passed ? <Alert type="success" showIcon title="Passed: it goes on to finalizing" /> : null}
          {!data.submitted ? (
            <Alert type="info" showIcon title="Not submitted: it is not waiting for an audit" />
          ) : null}
          <ul aria-label="Audit checklist" style={{ listStyle: 'none', padding: 0, margin: '8px 0' }}>
            {data.checks.map((c) => (
              <li key={c.key} style={{ padding: '6px 0', borderBottom: '1px solid var(--gs-color-border)' }}>
                <Space>
                  <Tag
                    style={{
                      color: `var(--gs-color-${STATUS[c.status].tone})`,
                      background: `var(--gs-color-${STATUS[c.status].tone}-bg)`,
                      borderColor: `var(--gs-color-${STATUS[c.status].tone})`,
                    }}
                  >
                    {STATUS[c.status].label}
                  </Tag>
                  <strong>{c.label}</strong>
                </Space>
                <div style={{ color: 'var(--gs-color-text-secondary)' }}>{c.detail}</div>
              </li>
            ))}
          </ul>
          {returning ? (
            <div style={{ marginTop: 12 }}>
              <label htmlFor="audit-return-reason">Why is it returned?</label>
              <Input.TextArea
                id="audit-return-reason"
                rows={3}
                maxLength={1000}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
              <Space style={{ marginTop: 8 }}>
                <Button
                  danger
                  type="primary"
                  disabled={!reason.trim()}
                  loading={ret.isPending}
                  onClick={() => ret.mutate()}
                >
                  Return to the lead technician
                </Button>
                <Button onClick={() => setReturning(false)}>Cancel</Button>
              </Space>
            </div>
          ) : null}
          {data.history.length ? (
            <>
              <h3 style={{ fontSize: 16, marginTop: 16 }}>Audits so far</h3>
              <ul aria-label="Audits so far">
                {data.history.map((h) => (
                  <li key={h.id}>
                    {formatDateTime(h.auditedAt)}: {h.outcome === 'passed' ? 'Passed' : 'Returned'}
                    {h.auditedBy ? ` by ${h.auditedBy.name}` : ''}
                    {h.reason ? `: ${h.reason}` : ''}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
    </Drawer>
  );
}

import { INVOICE_INITIATE_FAILED, INVOICE_INITIATED } from '@glass/domain/messages/invoices';
import {
  FAILED_TO_GET_SERVICE_VEHICLE_HISTORY,
  FAILED_TO_GET_VEHICLE_SOURCES,
  failedToFollowUpServiceVehicle,
  serviceVehicleTitle,
} from '@glass/domain/messages/service-vehicles';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { can } from '@glass/domain/roles';
import DislikeOutlined from '@ant-design/icons/DislikeOutlined';
import LikeOutlined from '@ant-design/icons/LikeOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Popconfirm, Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { showError, toastError, toastSuccess, withProgress } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { useDocumentTitle } from '../../shell/document-title';
import { ListSkeleton } from '../../shell/list-skeleton';
import { NotFound } from '../../shell/not-found';
import { type SvDetail, svApi, svKeys } from './sv-api';
import { DetailSections, Section } from './sv-detail-sections';
import { SvEditForm } from './sv-edit-form';
import { QuickQuotes } from './sv-quick-quotes';
import { PriorityMarker, vehicleName } from './sv-row';
import './service-vehicles.css';

/** 'YYYY-MM-DDTHH:mm' in local time, as a datetime-local input holds it. */
const toLocalInput = (value: string | null | undefined) => {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** /service-vehicles/:id — the detail (spec 1 §3), its edit form and actions. */
export function ServiceVehiclePage() {
  const { id: rawId = '' } = useParams();
  const id = Number(rawId);
  useDocumentTitle(serviceVehicleTitle(rawId));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, dispositionReasons, lostReasons } = useSessionState();
  const role = user?.userRoleId ?? user?.userRole;
  const [editing, setEditing] = useState(false);
  const [invoiceOpen, setInvoiceOpen] = useState(false);
  const [initiating, setInitiating] = useState(false);
  const [followUpDate, setFollowUpDate] = useState('');
  const [dispositionId, setDispositionId] = useState<number>();
  const [lostReasonId, setLostReasonId] = useState<number>();

  const detail = useQuery({
    queryKey: svKeys.detail(id),
    queryFn: () => svApi.detail(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
  const history = useQuery({
    queryKey: svKeys.history(id),
    queryFn: () => svApi.history(id),
    enabled: detail.isSuccess,
  });
  const sources = useQuery({ queryKey: svKeys.sources, queryFn: svApi.sources, staleTime: 300_000 });
  useEffect(() => {
    if (history.isError) toastError(FAILED_TO_GET_SERVICE_VEHICLE_HISTORY);
  }, [history.isError]);
  useEffect(() => {
    if (sources.isError) toastError(FAILED_TO_GET_VEHICLE_SOURCES);
  }, [sources.isError]);
  useEffect(() => setFollowUpDate(toLocalInput(detail.data?.followUpDate)), [detail.data?.followUpDate]);

  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  if (detail.isLoading) return <ListSkeleton label="Loading service vehicle" />;
  if (detail.isError || !detail.data) {
    if (detail.error instanceof ApiError && detail.error.status === 404) return <NotFound />;
    return <Alert type="error" showIcon title={`Failed to get ${serviceVehicleTitle(rawId)}`} />;
  }
  const sv = detail.data;
  const lockedByOther = Boolean(sv.lock?.user && sv.lock.user.id !== user?.id);
  const lockedByMe = Boolean(sv.lock?.user && sv.lock.user.id === user?.id);
  const closed = Boolean(sv.void || sv.lost);
  const canWrite = can(role, 'serviceVehicle.write') && !lockedByOther;
  const canLock = can(role, 'invoice.lock');
  const canOverride = can(role, 'locks.override');
  const canInvoice = can(role, 'invoice.initiate') && !lockedByOther && !closed;

  const applied = (next: SvDetail | undefined) => {
    if (next && typeof next === 'object' && 'id' in next) queryClient.setQueryData(svKeys.detail(id), next);
    else void detail.refetch();
    void queryClient.invalidateQueries({ queryKey: svKeys.history(id) });
  };
  const run = async (call: () => Promise<SvDetail>) => {
    try {
      applied(await withProgress(call()));
    } catch {
      // withProgress has shown the error.
    }
  };
  const followUp = async () => {
    try {
      applied(await withProgress(svApi.patch(id, { followedUp: true })));
    } catch {
      toastError(failedToFollowUpServiceVehicle(id));
    }
  };
  const initiateInvoice = async () => {
    setInitiating(true);
    try {
      const result = await svApi.createInvoice(id);
      toastSuccess(INVOICE_INITIATED);
      setInvoiceOpen(false);
      navigate(`/invoices/${result.invoiceId}`);
    } catch (error) {
      toastError(INVOICE_INITIATE_FAILED);
      if (error instanceof ApiError && error.status !== 500) showError(error);
    } finally {
      setInitiating(false);
    }
  };

  const historyRows = history.data?.value ?? sv.history ?? [];

  return (
    <article aria-labelledby="screen-title">
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 8 }}>
        <PriorityMarker priority={sv.priority} color={sv.priorityColor} />
        <h1 id="screen-title" style={{ fontSize: 22, margin: 0 }}>
          {serviceVehicleTitle(sv.id)}
        </h1>
        <span>{vehicleName(sv.vehicle)}</span>
        {sv.void ? <span className="sv-tag">Void</span> : null}
        {sv.lost ? <span className="sv-tag">Lost</span> : null}
      </div>

      {sv.lock?.user ? (
        <Alert
          className="sv-readonly-banner"
          type={lockedByOther ? 'warning' : 'info'}
          showIcon
          title={
            lockedByOther
              ? `Locked by ${sv.lock.user.name} since ${formatDateTime(sv.lock.lockedAt)} — read only`
              : `Locked by you since ${formatDateTime(sv.lock.lockedAt)}`
          }
        />
      ) : null}

      <div className="sv-actions sv-section" role="toolbar" aria-label="Service vehicle actions">
        {canLock && !sv.lock ? (
          <Button onClick={() => run(() => svApi.action(id, 'lock'))}>Lock</Button>
        ) : null}
        {canLock && lockedByMe ? (
          <Button onClick={() => run(() => svApi.action(id, 'removeLock'))}>Remove lock</Button>
        ) : null}
        {canOverride && lockedByOther ? (
          <Popconfirm
            title={`Remove the lock of ${sv.lock?.user?.name}?`}
            onConfirm={() => run(() => svApi.action(id, 'removeLock/all'))}
            okText="Remove"
          >
            <Button danger>Remove lock</Button>
          </Popconfirm>
        ) : null}
        {canWrite && !editing ? (
          <Button type="primary" onClick={() => setEditing(true)}>
            Edit
          </Button>
        ) : null}
        {canWrite ? (
          <>
            <Button onClick={followUp} disabled={sv.followedUp}>
              {sv.followedUp ? 'Followed up' : 'Follow up'}
            </Button>
            <Button onClick={() => run(() => svApi.action(id, 'markOkToCall'))} disabled={sv.okToCall}>
              OK to call
            </Button>
            <Button
              aria-label="Thumbs up"
              title="Thumbs up"
              aria-pressed={sv.thumb === 1}
              onClick={() => run(() => svApi.thumb(id, sv.thumb === 1 ? 0 : 1))}
            >
              <LikeOutlined aria-hidden />
            </Button>
            <Button
              aria-label="Thumbs down"
              title="Thumbs down"
              aria-pressed={sv.thumb === -1}
              onClick={() => run(() => svApi.thumb(id, sv.thumb === -1 ? 0 : -1))}
            >
              <DislikeOutlined aria-hidden />
            </Button>
          </>
        ) : null}
        {canInvoice ? (
          <Button onClick={() => setInvoiceOpen(true)}>
            {sv.invoiceId ? 'Open Invoice' : 'Create Invoice'}
          </Button>
        ) : null}
      </div>

      {canWrite ? (
        <div className="sv-actions sv-section">
          <label>
            Follow-up date{' '}
            <input
              type="datetime-local"
              value={followUpDate}
              onChange={(e) => setFollowUpDate(e.target.value)}
            />
          </label>
          <Button
            onClick={() =>
              run(() =>
                svApi.patch(id, { followUpDate: followUpDate ? new Date(followUpDate).toISOString() : null }),
              )
            }
          >
            Set follow-up date
          </Button>
          <Select
            aria-label="Disposition"
            placeholder="Disposition"
            style={{ minWidth: 180 }}
            value={dispositionId}
            onChange={setDispositionId}
            options={dispositionReasons.map((d) => ({ value: d.id, label: d.name }))}
          />
          <Button
            disabled={!dispositionId}
            onClick={() => run(() => svApi.action(id, `disposition/${dispositionId}`))}
          >
            Set disposition
          </Button>
          {!closed ? (
            <>
              <Select
                aria-label="Lost reason"
                placeholder="Lost reason"
                style={{ minWidth: 180 }}
                value={lostReasonId}
                onChange={setLostReasonId}
                options={lostReasons.map((r) => ({ value: r.id, label: r.name }))}
              />
              <Popconfirm
                title="Mark this vehicle lost?"
                disabled={!lostReasonId}
                onConfirm={() => run(() => svApi.action(id, `lost/${lostReasonId}`))}
              >
                <Button danger disabled={!lostReasonId}>
                  Mark lost
                </Button>
              </Popconfirm>
              <Popconfirm
                title="Void this service vehicle?"
                onConfirm={() => run(() => svApi.action(id, 'void'))}
              >
                <Button danger>Void</Button>
              </Popconfirm>
            </>
          ) : null}
        </div>
      ) : null}

      {editing && canWrite ? (
        <Section id="edit" title="Edit">
          <SvEditForm
            sv={sv}
            sources={sources.data ?? []}
            onCancel={() => setEditing(false)}
            onSaved={(next) => {
              applied(next);
              setEditing(false);
            }}
          />
        </Section>
      ) : null}

      <DetailSections sv={sv} />

      <QuickQuotes serviceVehicleId={id} canWrite={canWrite} />

      <Section id="history" title="History">
        {history.isLoading ? (
          <Spin aria-label="Loading history" />
        ) : history.isError ? (
          <Alert type="error" showIcon title={FAILED_TO_GET_SERVICE_VEHICLE_HISTORY} />
        ) : historyRows.length ? (
          <ul className="sv-list" aria-label="History entries">
            {historyRows.map((h) => (
              <li key={h.id} className="sv-row">
                <strong>{h.activity}</strong> — {formatDateTime(h.activityDate)}
                {h.user ? ` — ${h.user}` : ''}
                {h.isContact ? <span className="sv-tag"> Contact</span> : null}
                {h.details ? <div style={{ fontSize: 13, overflowWrap: 'anywhere' }}>{h.details}</div> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p>No history yet.</p>
        )}
      </Section>

      <Modal
        open={invoiceOpen}
        title="Initiate Invoice"
        okText={sv.invoiceId ? 'Open Invoice' : 'Initiate Invoice'}
        cancelText="Cancel"
        confirmLoading={initiating}
        onOk={initiateInvoice}
        onCancel={() => setInvoiceOpen(false)}
      >
        <p>
          {sv.invoiceId
            ? `Service vehicle ${sv.id} already has invoice ${sv.invoiceId}. Open it?`
            : `Create an invoice from service vehicle ${sv.id}?`}
        </p>
      </Modal>
    </article>
  );
}

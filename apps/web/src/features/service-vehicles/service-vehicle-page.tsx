// Over 300 lines: the detail screen's sections and actions share the record, its lock and its history.
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
import { Alert, Button, Modal, Popconfirm, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { RecordNotFound } from '../../shell/access-pages';
import { ApiError } from '../../api/http';
import { showError, toastError, toastSuccess } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { serviceVehicleKeys } from '../../query/query-keys';
import { useFailureToast } from '../../query/use-failure-toast';
import { refreshKeys, useWrite } from '../../query/use-write';
import { useDocumentTitle } from '../../shell/document-title';
import { DateTimeField } from '../../ui/date-fields';
import { StickyActions } from '../../ui/detail-layout';
import { EmptyState } from '../../ui/empty-state';
import { ListSkeleton } from '../../ui/list-skeleton';
import { SearchSelect } from '../../ui/search-select';
import { ParkButton, RecordChangeNotice, useRecordLive } from '../messaging';
import { svApi } from './sv-api';
import { Section } from '../../ui/section';
import { DetailSections } from './sv-detail-sections';
import { SvEditForm } from './sv-edit-form';
import { SvAccessories } from './sv-accessories';
import { QuickQuotes } from './sv-quick-quotes';
import { ScheduleButton } from './sv-schedule-button';
import { PriorityMarker, vehicleName } from './sv-row';
import './service-vehicles.css';

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
  const [followUpDate, setFollowUpDate] = useState<string | null>(null);
  const [dispositionId, setDispositionId] = useState<number>();
  const [lostReasonId, setLostReasonId] = useState<number>();

  const detail = useQuery({
    queryKey: serviceVehicleKeys.detail(id),
    queryFn: () => svApi.detail(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
  const history = useQuery({
    queryKey: serviceVehicleKeys.history(id),
    queryFn: () => svApi.history(id),
    enabled: detail.isSuccess,
  });
  const sources = useQuery({
    queryKey: serviceVehicleKeys.sources,
    queryFn: svApi.sources,
    staleTime: 300_000,
  });
  useFailureToast(history.isError, FAILED_TO_GET_SERVICE_VEHICLE_HISTORY);
  useFailureToast(sources.isError, FAILED_TO_GET_VEHICLE_SOURCES);
  // Every write refreshes the detail and what is read under it (history …); no cache writes by hand.
  const write = useWrite([serviceVehicleKeys.detail(id)]);
  // Live: a change by anyone rereads the detail and its history; one by someone else says who changed what.
  const live = useRecordLive('ServiceVehicle', id > 0 ? id : undefined, [serviceVehicleKeys.detail(id)]);
  useEffect(() => setFollowUpDate(detail.data?.followUpDate ?? null), [detail.data?.followUpDate]);

  const notFound = (
    <RecordNotFound
      title={`Service vehicle ${rawId} was not found`}
      detail="There is no service vehicle with this number. It may have been mistyped."
      listPath="/service-vehicles"
      listLabel="Service Vehicles"
    />
  );
  if (!Number.isInteger(id) || id <= 0) return notFound;
  if (detail.isLoading) return <ListSkeleton label="Loading service vehicle" />;
  if (detail.isError || !detail.data) {
    if (detail.error instanceof ApiError && detail.error.status === 404) return notFound;
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
  const canPark = can(role, 'parking.write');
  const canSchedule = can(role, 'appointments.write');

  const refresh = () => refreshKeys(queryClient, [serviceVehicleKeys.detail(id)]);
  // withProgress shows a failure; run resolves false then.
  const run = (call: () => Promise<unknown>) => write(call);
  const followUp = async () => {
    if (!(await write(() => svApi.patch(id, { followedUp: true }))))
      toastError(failedToFollowUpServiceVehicle(id));
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
    <article aria-labelledby="screen-title" data-live={live.watching ? 'on' : 'off'}>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 8 }}>
        <PriorityMarker priority={sv.priority} color={sv.priorityColor} />
        <h1 id="screen-title" style={{ fontSize: 22, margin: 0 }}>
          {serviceVehicleTitle(sv.id)}
        </h1>
        <span>{vehicleName(sv.vehicle)}</span>
        {sv.void ? <Tag color="error">Void</Tag> : null}
        {sv.lost ? <Tag color="error">Lost</Tag> : null}
      </div>
      <RecordChangeNotice change={live.change} onClose={live.dismiss} />

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

      <StickyActions label="Service vehicle actions">
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
        {canPark ? (
          <ParkButton recordType="ServiceVehicle" recordId={id} onParked={() => void detail.refetch()} />
        ) : null}
        {canInvoice ? (
          <Button onClick={() => setInvoiceOpen(true)}>
            {sv.invoiceId ? 'Open Invoice' : 'Create Invoice'}
          </Button>
        ) : null}
        {canSchedule ? (
          <ScheduleButton serviceVehicleId={id} invoiceId={sv.invoiceId} canCreateInvoice={canInvoice} />
        ) : null}
      </StickyActions>

      {canWrite ? (
        <Section id="follow-up" title="Follow-up and disposition" wide>
          <div className="sv-actions">
            <DateTimeField
              aria-label="Follow-up date"
              placeholder="Follow-up date"
              value={followUpDate}
              onChange={setFollowUpDate}
            />
            <Button onClick={() => run(() => svApi.patch(id, { followUpDate }))}>Set follow-up date</Button>
            <SearchSelect<number>
              aria-label="Disposition"
              placeholder="Disposition"
              minWidth={180}
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
                <SearchSelect<number>
                  aria-label="Lost reason"
                  placeholder="Lost reason"
                  minWidth={180}
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
        </Section>
      ) : null}

      {editing && canWrite ? (
        <Section id="edit" title="Edit">
          <SvEditForm
            sv={sv}
            sources={sources.data ?? []}
            onCancel={() => setEditing(false)}
            onSaved={() => {
              void refresh();
              setEditing(false);
            }}
          />
        </Section>
      ) : null}

      <DetailSections sv={sv} />

      <SvAccessories serviceVehicleId={id} />

      <QuickQuotes serviceVehicleId={id} canWrite={canWrite} />

      <Section id="history" title="History">
        {history.isLoading ? (
          <Spin aria-label="Loading history" />
        ) : history.isError ? (
          <Alert type="error" showIcon title={FAILED_TO_GET_SERVICE_VEHICLE_HISTORY} />
        ) : historyRows.length ? (
          <ul className="sv-list" aria-label="History entries">
            {historyRows.map((h) => (
              <li key={h.id} className="sv-history-entry">
                <strong>{h.activity}</strong> — {formatDateTime(h.activityDate)}
                {h.user ? ` — ${h.user}` : ''}
                {h.isContact ? <Tag style={{ marginInlineStart: 6 }}>Contact</Tag> : null}
                {h.details ? <div style={{ fontSize: 13, overflowWrap: 'anywhere' }}>{h.details}</div> : null}
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState compact>No history yet.</EmptyState>
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

import { AppointmentStatus, appointmentStatusLabel } from '@glass/domain/enums';
import type { InstallerStop } from '@glass/domain/contracts';
import { statusNeedsNote } from '@glass/domain/rules/appointment-status';
import { Alert, Button, Form, Input, Modal, Select, Space } from 'antd';
import { useRef, useState } from 'react';
import { useLookupOptions } from '../../resources/resource-api';
import { outbox } from './outbox';
import { shrinkPhoto } from './shrink-photo';

const MATERIALS = { path: '/api/materials/droplist' };
const MAX_PHOTOS = 10;

/**
 * Where the phone is, if it says within 5 s (the update goes without a location otherwise). The browser's own
 * timeout ignores the permission prompt: a prompt nobody answers (a dismissed Firefox prompt, WebKitGTK's under
 * automation) would hold the update forever, so it goes without a location after 10 s.
 */
function currentPosition(): Promise<{ latitude: number; longitude: number } | undefined> {
  if (!('geolocation' in navigator)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const giveUp = setTimeout(() => resolve(undefined), 10_000);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        clearTimeout(giveUp);
        resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude });
      },
      () => {
        clearTimeout(giveUp);
        resolve(undefined);
      },
      { enableHighAccuracy: true, timeout: 5000, maximumAge: 60_000 },
    );
  });
}

/** The status update of one stop: note, photos from the camera, materials, the phone's location; queued. */
export function StatusDialog({
  stop,
  statusId,
  userId,
  onClose,
}: {
  stop: InstallerStop;
  statusId: number;
  userId: number;
  onClose: (queued: boolean) => void;
}) {
  const [note, setNote] = useState('');
  const [materials, setMaterials] = useState<number[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  /** Why the update could not be kept on the phone (the outbox's IndexedDB refused it): said, not swallowed. */
  const [failed, setFailed] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const materialOptions = useLookupOptions(MATERIALS);
  const label = appointmentStatusLabel(statusId as never) ?? String(statusId);
  const needsNote = statusNeedsNote(statusId);

  const submit = async () => {
    if (needsNote && !note.trim()) {
      setError(
        `Say why the appointment is ${statusId === AppointmentStatus.Cancelled ? 'cancelled' : 'to be rescheduled'}`,
      );
      return;
    }
    setBusy(true);
    setFailed(undefined);
    try {
      const where = await currentPosition();
      await outbox.add({
        userId,
        label: `Invoice ${stop.invoiceId}: ${label}`,
        invoiceId: stop.invoiceId,
        partTypeId: stop.partTypeId,
        statusId,
        appointmentId: stop.appointmentId,
        seenStatusId: stop.statusId,
        ...where,
        note: note.trim() || undefined,
        materials: materials.map(String),
        files: await Promise.all(files.map(shrinkPhoto)),
      });
      onClose(true);
    } catch (err) {
      setFailed(
        `The update could not be kept on the phone: ${err instanceof Error ? err.message : String(err)}. Try again.`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={`${label}: invoice ${stop.invoiceId}`}
      onCancel={() => onClose(false)}
      footer={
        <Space>
          <Button onClick={() => onClose(false)}>Cancel</Button>
          <Button type="primary" loading={busy} onClick={submit}>
            Send {label}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical">
        <Form.Item
          label="Note"
          required={needsNote}
          validateStatus={error ? 'error' : undefined}
          help={error}
          htmlFor="status-note"
        >
          <Input.TextArea
            id="status-note"
            rows={3}
            maxLength={2000}
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
              setError(undefined);
            }}
          />
        </Form.Item>
        <Form.Item label="Photos" htmlFor="status-photos">
          <input
            ref={input}
            id="status-photos"
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            className="sr-only"
            onChange={(e) => {
              const picked = [...(e.target.files ?? [])];
              setFiles((f) => [...f, ...picked].slice(0, MAX_PHOTOS));
              e.target.value = '';
            }}
          />
          <Space wrap>
            <Button onClick={() => input.current?.click()} disabled={files.length >= MAX_PHOTOS}>
              Take photo
            </Button>
            {files.length > 0 && (
              <>
                <span>{files.length === 1 ? '1 photo' : `${files.length} photos`}</span>
                <Button type="link" onClick={() => setFiles([])}>
                  Remove photos
                </Button>
              </>
            )}
          </Space>
        </Form.Item>
        <Form.Item label="Materials used" htmlFor="status-materials">
          <Select<number[]>
            id="status-materials"
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={(materialOptions.data ?? []).map((o) => ({ value: Number(o.value), label: o.label }))}
            value={materials}
            onChange={setMaterials}
          />
        </Form.Item>
        {failed && <Alert type="error" showIcon title={failed} />}
        <Alert
          type="info"
          showIcon
          title="Your location is sent with the update when the phone allows it. Without a connection the update waits on the phone and is sent when the connection returns."
        />
      </Form>
    </Modal>
  );
}

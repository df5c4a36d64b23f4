import { PhoneOutlined } from '@ant-design/icons';
import type { CallLogRow } from '@glass/domain/contracts';
import { QUICK_PHONE_MAX_LENGTH } from '@glass/domain/constants';
import { FAILED_TO_LIST_PHONE_EXTENSIONS } from '@glass/domain/messages/phone';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { isQuickPhoneInputAllowed } from '@glass/domain/rules/phone-input';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { inlineError, showError } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { useDocumentTitle } from '../../shell/document-title';
import { ScrollBox } from '../../ui/scroll-box';
import { EmptyState } from '../../ui/empty-state';
import { ScreenFrame } from '../../ui/screen-frame';
import { makePhoneCall, startPhoneBridge } from '../phone-bridge';
import { callCenterApi } from './call-center-api';
import { formatTalk, MatchLinks } from './call-parts';
import './call-center.css';
import { callCenterKeys } from '../../query/query-keys';

/** The quick phone input's characters (spec 1 §5): digits, a leading minus and one decimal point. */
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '-', '0', '.'];
export const INVALID_NUMBER = 'Only digits, a minus sign and a decimal point are allowed';

/** /call-status: the agent's dialer: dial pad, the user's extension, calls through the bridge, last 20 calls. */
export function CallStatusPage() {
  useDocumentTitle('Call Status');
  const queryClient = useQueryClient();
  const { phoneExtensions, user } = useSessionState();
  const extension = phoneExtensions.find((e) => e.isActive !== false)?.extension as string | undefined;
  const [number, setNumber] = useState('');
  const [calling, setCalling] = useState(false);
  const [last, setLast] = useState<{ phone: string; failed: boolean }>();
  const calls = useQuery({ queryKey: callCenterKeys.myCalls, queryFn: callCenterApi.myCalls });

  // The bridge keeps listening for call requests while the dialer is open (spec 2 §4).
  useEffect(
    () =>
      startPhoneBridge((req, result) => {
        if (result.error) showError(result.error, FAILED_TO_LIST_PHONE_EXTENSIONS);
        setLast({ phone: req.DestinationPhoneNumber, failed: !!result.error });
      }),
    [],
  );

  const change = (next: string) => {
    if (!isQuickPhoneInputAllowed(next)) {
      inlineError(INVALID_NUMBER);
      return;
    }
    setNumber(next);
  };

  const dial = async (phone: string) => {
    if (!phone.replace(/\D/g, '')) return;
    setCalling(true);
    try {
      await makePhoneCall({
        DestinationPhoneNumber: phone,
        UseFacilityId: false,
        PhoneFacilityId: user?.facility?.id ?? null,
      });
      setLast({ phone, failed: false });
    } catch (error) {
      setLast({ phone, failed: true });
      showError(error, 'Failed to place the call');
    } finally {
      setCalling(false);
      void queryClient.invalidateQueries({ queryKey: callCenterKeys.myCalls });
    }
  };

  const columns: TableColumnsType<CallLogRow> = [
    { title: 'When', key: 'at', render: (_, r) => formatDateTime(r.startedAt) },
    { title: 'Direction', key: 'dir', render: (_, r) => (r.direction === 'in' ? 'In' : 'Out') },
    { title: 'Number', dataIndex: 'phone', key: 'phone' },
    { title: 'Result', key: 'result', render: (_, r) => r.result },
    { title: 'Talk', key: 'talk', render: (_, r) => formatTalk(r.durationSeconds) },
    { title: 'Matched', key: 'matched', render: (_, r) => <MatchLinks row={r} /> },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, r) =>
        r.phone ? (
          <Button
            size="small"
            icon={<PhoneOutlined />}
            aria-label={`Redial ${r.phone}`}
            onClick={() => void dial(r.phone as string)}
          >
            Redial
          </Button>
        ) : null,
    },
  ];

  return (
    <ScreenFrame title="Call Status" style={{ minWidth: 0 }}>
      {last && (
        <Alert
          role="status"
          type={last.failed ? 'error' : 'success'}
          title={last.failed ? `Call to ${last.phone} failed` : `Calling ${last.phone}`}
          style={{ marginBottom: 12 }}
        />
      )}
      <Card size="small" title="Dialer" style={{ maxWidth: 420, marginBottom: 12 }}>
        <Typography.Paragraph>
          Your extension: <strong data-testid="my-extension">{extension ?? 'none set up'}</strong>
        </Typography.Paragraph>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            aria-label="Phone number to call"
            placeholder="Phone number"
            inputMode="tel"
            maxLength={QUICK_PHONE_MAX_LENGTH}
            value={number}
            onChange={(e) => change(e.target.value)}
            onPressEnter={() => void dial(number)}
            allowClear
          />
          <Button
            type="primary"
            icon={<PhoneOutlined />}
            aria-label="Call this number"
            loading={calling}
            disabled={!number.replace(/\D/g, '')}
            onClick={() => void dial(number)}
          >
            Call
          </Button>
        </Space.Compact>
        <fieldset className="dial-pad" aria-label="Dial pad">
          {KEYS.map((k) => (
            <Button key={k} aria-label={`Dial ${k}`} onClick={() => change(number + k)}>
              {k}
            </Button>
          ))}
        </fieldset>
        <Button
          onClick={() => setNumber(number.slice(0, -1))}
          disabled={!number}
          aria-label="Delete last digit"
        >
          Delete
        </Button>
      </Card>
      <Card size="small" title="My last 20 calls">
        <ScrollBox className="gs-table-scroll" label="My last 20 calls">
          <Table<CallLogRow>
            size="small"
            rowKey="id"
            pagination={false}
            loading={calls.isFetching}
            columns={columns}
            dataSource={calls.data ?? []}
            locale={{
              emptyText: (
                <EmptyState compact>{calls.isError ? 'Failed to get your calls' : 'No calls yet'}</EmptyState>
              ),
            }}
          />
        </ScrollBox>
      </Card>
    </ScreenFrame>
  );
}

import type { ControlRoomBoard } from '@glass/domain/contracts';
import { formatDate, formatDateTime } from '@glass/domain/rules/date-format';
import { parkedBadgeColor } from '@glass/domain/rules/parking';
import { Card, Col, List, Row, Statistic, Tag } from 'antd';
import type { ReactNode } from 'react';
import { AppLink } from '../../ui/app-link';

/** Spec 1 §4 priorities of open vehicles, as the board names them. */
const PRIORITY_LABEL: Record<number, string> = {
  1: 'Repairs ready to call, no contact yet',
  2: 'Replacements ready to call, no contact yet',
  3: 'Repairs ready to call, contacted',
  4: 'Replacements ready to call, contacted',
  5: 'Overdue follow-up',
  6: 'Standard active',
};
/** antd's status colours (theme tokens): red and green of spec 1 §4, the parked badge's green/yellow/red. */
const PRIORITY_TAG = { red: 'error', green: 'success' } as const;
const PARKED_TAG = { green: 'success', yellow: 'warning', red: 'error' } as const;

function Section({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  const id = `cr-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card
      className="cr-card"
      title={<h2 id={id}>{title}</h2>}
      extra={extra}
      size="small"
      styles={{ body: { paddingTop: 8 } }}
      aria-labelledby={id}
      role="region"
    >
      {children}
    </Card>
  );
}

const time = (value: string | null | undefined, zone: string) => formatDate(value, 'h:mm A', zone);

/** Who recorded a rejection: the person, else what did (a remittance import …), else the clearing house. */
export function rejectedBy(r: { by: string | null; source: string | null; clearingHouse: string }): string {
  if (r.by) return r.by;
  if (r.source && r.source !== 'system') return r.source;
  return r.clearingHouse;
}

/** The board of one facility: seven sections in a responsive grid (one column at 375 px). */
export function BoardView({ board, now }: { board: ControlRoomBoard; now: Date }) {
  const zone = board.facility.timeZone;
  const sv = board.serviceVehicles;
  const oldest = sv.oldestReadyNoContact;
  return (
    <Row gutter={[12, 12]} className="cr-grid">
      <Col xs={24} lg={12} xxl={8}>
        <Section title="Service vehicles" extra={<span className="cr-muted">{sv.open} open</span>}>
          <div className="cr-callout" data-testid="cr-ready">
            <Statistic title="Ready to call, no contact yet" value={sv.readyNoContact} />
            <div className="cr-muted">
              {oldest ? (
                <>
                  Oldest: <AppLink to={`/service-vehicles/${oldest.id}`}>#{oldest.id}</AppLink>{' '}
                  {oldest.vehicle} since {formatDateTime(oldest.createdAt, zone)}
                </>
              ) : (
                'None waiting'
              )}
            </div>
          </div>
          <ul className="cr-priorities" aria-label="Open service vehicles by priority">
            {sv.byPriority.map((p) => (
              <li key={p.priority} data-testid={`cr-priority-${p.priority}`}>
                <Tag color={p.color ? PRIORITY_TAG[p.color] : 'default'} className="cr-priority-tag">
                  {p.priority}
                </Tag>
                <span className="cr-priority-label">
                  {PRIORITY_LABEL[p.priority] ?? `Priority ${p.priority}`}
                </span>
                <strong className="cr-count">{p.count}</strong>
              </li>
            ))}
          </ul>
        </Section>
      </Col>
      <Col xs={24} lg={12} xxl={8}>
        <Section title="Follow-ups due">
          <Row gutter={[8, 8]}>
            <Col span={12}>
              <Statistic title="Vehicles overdue" value={board.followUps.serviceVehicles.overdue} />
            </Col>
            <Col span={12}>
              <Statistic title="Vehicles due today" value={board.followUps.serviceVehicles.dueToday} />
            </Col>
            <Col span={12}>
              <Statistic title="Invoices overdue" value={board.followUps.invoices.overdue} />
            </Col>
            <Col span={12}>
              <Statistic title="Invoices due today" value={board.followUps.invoices.dueToday} />
            </Col>
          </Row>
        </Section>
      </Col>
      <Col xs={24} lg={12} xxl={8}>
        <Section
          title="Appointments today"
          extra={<span className="cr-muted">{board.appointments.total} in all</span>}
        >
          <div className="cr-statuses" data-testid="cr-appointment-statuses">
            {board.appointments.byStatus.map((s) => (
              <Statistic key={s.statusId} title={s.status} value={s.count} />
            ))}
          </div>
          <List
            size="small"
            locale={{ emptyText: <span className="cr-muted">No installer has a visit today</span> }}
            dataSource={board.appointments.installers}
            renderItem={(i) => (
              <List.Item key={i.installerId}>
                <div className="cr-line">
                  <strong>{i.name}</strong>{' '}
                  <span className="cr-muted">
                    {i.completed}/{i.total} done
                  </span>
                  <div>
                    {i.currentStop ? (
                      <>
                        {i.currentStop.status} {time(i.currentStop.ata ?? i.currentStop.at, zone)}:{' '}
                        <AppLink to={`/invoices/${i.currentStop.invoiceId}`}>
                          Invoice {i.currentStop.invoiceId}
                        </AppLink>
                        {i.currentStop.address ? ` · ${i.currentStop.address}` : ''}
                      </>
                    ) : (
                      <span className="cr-muted">No stop left today</span>
                    )}
                  </div>
                </div>
              </List.Item>
            )}
          />
        </Section>
      </Col>
      <Col xs={24} lg={12} xxl={8}>
        <Section title="Parked lines">
          <List
            size="small"
            locale={{ emptyText: <span className="cr-muted">Nothing parked</span> }}
            dataSource={board.parked}
            renderItem={(p) => {
              const color = parkedBadgeColor(p.parkedAt, now);
              const path = p.recordType === 'Invoice' ? 'invoices' : 'service-vehicles';
              return (
                <List.Item key={p.id}>
                  <div className="cr-line">
                    <Tag color={PARKED_TAG[color]}>Line {p.parkLine}</Tag>
                    <AppLink to={`/${path}/${p.recordNumber}`}>
                      {p.recordType === 'Invoice' ? 'Invoice' : 'Service vehicle'} {p.recordNumber}
                    </AppLink>{' '}
                    <span className="cr-muted">
                      for {p.parkedFor || '—'} by {p.parkedBy} at {time(p.parkedAt, zone)}
                    </span>
                  </div>
                </List.Item>
              );
            }}
          />
        </Section>
      </Col>
      <Col xs={24} lg={12} xxl={8}>
        <Section title="On duty" extra={<span className="cr-muted">{board.onDuty.length}</span>}>
          <List
            size="small"
            locale={{ emptyText: <span className="cr-muted">Nobody on duty</span> }}
            dataSource={board.onDuty}
            renderItem={(u) => (
              <List.Item key={u.id}>
                <span>{u.name}</span>
                {u.since ? <span className="cr-muted">since {formatDateTime(u.since, zone)}</span> : null}
              </List.Item>
            )}
          />
        </Section>
      </Col>
      <Col xs={24} lg={12} xxl={8}>
        <Section title="Latest alerts">
          <List
            size="small"
            locale={{ emptyText: <span className="cr-muted">No alerts</span> }}
            dataSource={board.alerts}
            renderItem={(a) => (
              <List.Item key={a.id}>
                <div className="cr-line">
                  <Tag>{a.type}</Tag>
                  {a.recordType && a.recordId ? `${a.recordType} ${a.recordId}` : ''}
                  {a.senderName ? ` from ${a.senderName}` : ''}
                  {a.followUpFor ? ` for ${a.followUpFor}` : ''}
                  {a.parkedFor ? ` for ${a.parkedFor}` : ''}{' '}
                  <span className="cr-muted">{time(a.createdAt, zone)}</span>
                </div>
              </List.Item>
            )}
          />
        </Section>
      </Col>
      <Col xs={24} lg={12} xxl={8}>
        <Section
          title="Claims rejected today"
          extra={
            <span className="cr-muted" data-testid="cr-rejections-today">
              {board.rejections.today}
            </span>
          }
        >
          <List
            size="small"
            locale={{ emptyText: <span className="cr-muted">No claim rejected today</span> }}
            dataSource={board.rejections.latest}
            renderItem={(r) => (
              <List.Item key={r.id}>
                <div className="cr-line" data-testid="cr-rejection">
                  <AppLink to={`/invoices/${r.invoiceId}`}>Invoice {r.invoiceId}</AppLink> {r.clearingHouse}
                  {': '}
                  {[r.reasonCode, r.reasonText].filter(Boolean).join(' ')}{' '}
                  <span className="cr-muted">
                    by {rejectedBy(r)} at {time(r.at, zone)}
                  </span>
                </div>
              </List.Item>
            )}
          />
        </Section>
      </Col>
    </Row>
  );
}

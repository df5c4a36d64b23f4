import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createSv, type SvTestContext, svTestContext } from './test-helpers.js';

let t: SvTestContext;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await svTestContext();
  api = client(t.app);
});
afterAll(() => t.app.close());

const history = async (id: number) =>
  (await api.get(`/api/ServiceVehicleHistory?$filter=serviceVehicleId eq ${id}`, t.admin)).json()
    .value as any[];
const daysFromNow = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

describe('PATCH /api/ServiceVehicles/{id}', () => {
  it('follows up, and a PATCH that changes nothing changes nothing (no history entry, same updatedAt)', async () => {
    const sv = await createSv(t.app, t.leadTech);
    const res = await api.patch(`/api/ServiceVehicles/${sv.id}`, t.leadTech, { followedUp: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().followedUp).toBe(true);
    const after = await history(sv.id);
    expect(after[0]).toEqual(
      expect.objectContaining({ activity: 'Followed up', details: 'followedUp: false → true' }),
    );

    const again = await api.patch(`/api/ServiceVehicles/${sv.id}`, t.leadTech, { followedUp: true });
    expect(again.statusCode).toBe(200);
    expect(again.json().updatedAt).toBe(res.json().updatedAt);
    const empty = await api.patch(`/api/ServiceVehicles/${sv.id}`, t.leadTech, {});
    expect(empty.statusCode).toBe(200);
    expect(await history(sv.id)).toHaveLength(after.length);
  });

  it('an overdue follow-up date gives priority 5 and reopens the follow-up; the same date again is no change', async () => {
    const sv = await createSv(t.app, t.admin);
    await api.patch(`/api/ServiceVehicles/${sv.id}`, t.admin, { followedUp: true });
    const due = daysFromNow(-2);
    const res = await api.patch(`/api/ServiceVehicles/${sv.id}`, t.admin, { followUpDate: due });
    expect(res.json()).toEqual(expect.objectContaining({ priority: 5, followedUp: false }));
    const count = (await history(sv.id)).length;
    // The same instant written another way is the same date.
    await api.patch(`/api/ServiceVehicles/${sv.id}`, t.admin, { followUpDate: due.replace('Z', '+00:00') });
    expect(await history(sv.id)).toHaveLength(count);
    const future = await api.patch(`/api/ServiceVehicles/${sv.id}`, t.admin, {
      followUpDate: daysFromNow(3),
    });
    expect(future.json().priority).toBe(6);
  });

  it('refuses unknown fields and bad values with 400 naming the field; 404 for an unknown vehicle', async () => {
    const sv = await createSv(t.app, t.admin);
    const unknown = await api.patch(`/api/ServiceVehicles/${sv.id}`, t.admin, { followedup: true });
    expect(unknown.statusCode).toBe(400);
    const bad = await api.patch(`/api/ServiceVehicles/${sv.id}`, t.admin, {
      followedUp: 'yes',
      followUpDate: 'tomorrow',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['followedUp', 'followUpDate']));
    const tech = await api.patch(`/api/ServiceVehicles/${sv.id}`, t.admin, { leadTechnicianId: 99999 });
    expect(tech.json().errors.leadTechnicianId).toBeDefined();
    expect((await api.patch('/api/ServiceVehicles/99999999', t.admin, { followedUp: true })).statusCode).toBe(
      404,
    );
  });
});

describe('thumb, OK to call, disposition, lost, void', () => {
  it('thumb takes 1, -1 or 0 and writes history only when it changes', async () => {
    const sv = await createSv(t.app, t.admin);
    const up = await api.post(`/api/ServiceVehicle/${sv.id}/thumb`, t.repairTech, { thumb: 1 });
    expect(up.json().thumb).toBe(1);
    const n = (await history(sv.id)).length;
    await api.post(`/api/ServiceVehicle/${sv.id}/thumb`, t.repairTech, { thumb: 1 });
    expect(await history(sv.id)).toHaveLength(n);
    expect((await api.post(`/api/ServiceVehicle/${sv.id}/thumb`, t.admin, { thumb: -1 })).json().thumb).toBe(
      -1,
    );
    const bad = await api.post(`/api/ServiceVehicle/${sv.id}/thumb`, t.admin, { thumb: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.thumb).toBeDefined();
  });

  it('OK to call makes a repair ready to call with no contact yet: priority 1, red; following up makes it 3, green', async () => {
    const sv = await createSv(t.app, t.admin, { repairCount: 1 });
    const ok = (await api.put(`/api/ServiceVehicle/${sv.id}/markOkToCall`, t.admin)).json();
    expect(ok).toEqual(
      expect.objectContaining({ okToCall: true, readyToCall: true, priority: 1, priorityColor: 'red' }),
    );
    const followed = (await api.patch(`/api/ServiceVehicles/${sv.id}`, t.admin, { followedUp: true })).json();
    expect(followed).toEqual(expect.objectContaining({ priority: 3, priorityColor: 'green' }));
    const replacement = await createSv(t.app, t.admin, { repairCount: 4 });
    expect(
      (await api.put(`/api/ServiceVehicle/${replacement.id}/markOkToCall`, t.admin)).json().priority,
    ).toBe(2);
  });

  it('a disposition is recorded each time; lost with a reason gives priority 8; void too', async () => {
    const sv = await createSv(t.app, t.admin);
    const dispositions = (await api.get('/api/Dispositions', t.admin)).json();
    const marked = (
      await api.put(`/api/ServiceVehicle/${sv.id}/disposition/${dispositions[0].id}`, t.admin)
    ).json();
    expect(marked.lastDisposition).toEqual(
      expect.objectContaining({ id: dispositions[0].id, name: dispositions[0].name }),
    );
    expect(marked.history[0]).toEqual(
      expect.objectContaining({ activity: 'Disposition', details: dispositions[0].name }),
    );
    const bad = await api.put(`/api/ServiceVehicle/${sv.id}/disposition/99999`, t.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.dispositionId).toBeDefined();

    const reasons = (await api.get('/api/LostReasons', t.admin)).json();
    const lost = (await api.put(`/api/ServiceVehicle/${sv.id}/lost/${reasons[1].id}`, t.admin)).json();
    expect(lost).toEqual(
      expect.objectContaining({
        lost: true,
        priority: 8,
        lostReason: { id: reasons[1].id, name: reasons[1].name },
      }),
    );
    expect(
      (await api.put(`/api/ServiceVehicle/${sv.id}/lost/99999`, t.admin)).json().errors.lostReasonId,
    ).toBeDefined();

    const other = await createSv(t.app, t.admin);
    expect((await api.put(`/api/ServiceVehicle/${other.id}/void`, t.admin)).json()).toEqual(
      expect.objectContaining({ void: true, priority: 8 }),
    );
    expect((await api.put('/api/ServiceVehicle/99999999/void', t.admin)).statusCode).toBe(404);
  });

  it('a Reviewer may read but every write is 403', async () => {
    const sv = await createSv(t.app, t.admin);
    expect((await api.get(`/api/ServiceVehicle/${sv.id}`, t.reviewer)).statusCode).toBe(200);
    const writes = [
      api.patch(`/api/ServiceVehicles/${sv.id}`, t.reviewer, { followedUp: true }),
      api.post(`/api/ServiceVehicle/${sv.id}/thumb`, t.reviewer, { thumb: 1 }),
      api.put(`/api/ServiceVehicle/${sv.id}/markOkToCall`, t.reviewer),
      api.put(`/api/ServiceVehicle/${sv.id}/void`, t.reviewer),
      api.put(`/api/ServiceVehicle/${sv.id}/disposition/1`, t.reviewer),
      api.put(`/api/ServiceVehicle/${sv.id}/lost/1`, t.reviewer),
      api.put(`/api/ServiceVehicle/${sv.id}/lock`, t.reviewer),
      api.put(`/api/ServiceVehicle/${sv.id}/removeLock`, t.reviewer),
      api.put(`/api/ServiceVehicle/${sv.id}/removeLock/all`, t.reviewer),
      api.put(`/api/ServiceVehicle/${sv.id}`, t.reviewer, { color: 'Red' }),
      api.post('/api/QuickQuotes', t.reviewer, { serviceVehicleId: sv.id }),
      api.post(`/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`, t.reviewer),
    ];
    expect((await Promise.all(writes)).map((r) => r.statusCode)).toEqual(writes.map(() => 403));
    expect(await history(sv.id)).toHaveLength(1);
  });
});

describe('locks', () => {
  it('a record locked by user A is a 409 naming A on every write by user B', async () => {
    const sv = await createSv(t.app, t.admin);
    const locked = (await api.put(`/api/ServiceVehicle/${sv.id}/lock`, t.leadTech)).json();
    expect(locked.lock).toEqual(
      expect.objectContaining({ id: expect.any(Number), user: { id: 103, name: 'Luis Ortega' } }),
    );
    expect((await api.put(`/api/ServiceVehicle/${sv.id}/lock`, t.leadTech)).statusCode).toBe(200);
    const list = (
      await api.get(`/api/ServiceVehicles?$filter=id eq ${sv.id}&$select=id,locked,lockedBy`, t.admin)
    ).json();
    expect(list.value).toEqual([{ id: sv.id, locked: true, lockedBy: 'Luis Ortega' }]);

    const byB = [
      api.patch(`/api/ServiceVehicles/${sv.id}`, t.repairTech, { followedUp: true }),
      api.post(`/api/ServiceVehicle/${sv.id}/thumb`, t.repairTech, { thumb: 1 }),
      api.put(`/api/ServiceVehicle/${sv.id}/markOkToCall`, t.repairTech),
      api.put(`/api/ServiceVehicle/${sv.id}/void`, t.admin),
      api.put(`/api/ServiceVehicle/${sv.id}/disposition/1`, t.admin),
      api.put(`/api/ServiceVehicle/${sv.id}/lost/1`, t.admin),
      api.put(`/api/ServiceVehicle/${sv.id}`, t.admin, { color: 'Red' }),
      api.post('/api/QuickQuotes', t.admin, { serviceVehicleId: sv.id }),
      api.post(`/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`, t.admin),
      api.put(`/api/ServiceVehicle/${sv.id}/lock`, t.repairTech),
    ];
    for (const res of await Promise.all(byB)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(`Service Vehicle ${sv.id} is locked by Luis Ortega.`);
    }
    // The holder writes as usual.
    expect((await api.post(`/api/ServiceVehicle/${sv.id}/thumb`, t.leadTech, { thumb: 1 })).statusCode).toBe(
      200,
    );
  });

  it('removeLock removes only my own lock; removeLock/all needs locks.override', async () => {
    const sv = await createSv(t.app, t.admin);
    await api.put(`/api/ServiceVehicle/${sv.id}/lock`, t.leadTech);
    const notMine = await api.put(`/api/ServiceVehicle/${sv.id}/removeLock`, t.repairTech);
    expect(notMine.statusCode).toBe(409);
    expect(notMine.json().detail).toContain('locked by Luis Ortega');
    expect((await api.put(`/api/ServiceVehicle/${sv.id}/removeLock/all`, t.leadTech)).statusCode).toBe(403);
    const removed = await api.put(`/api/ServiceVehicle/${sv.id}/removeLock/all`, t.manager);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().lock).toBeNull();

    await api.put(`/api/ServiceVehicle/${sv.id}/lock`, t.repairTech);
    expect((await api.put(`/api/ServiceVehicle/${sv.id}/removeLock`, t.repairTech)).json().lock).toBeNull();
    expect((await api.put(`/api/ServiceVehicle/${sv.id}/removeLock`, t.repairTech)).statusCode).toBe(200);
    expect((await api.put('/api/ServiceVehicle/99999999/lock', t.admin)).statusCode).toBe(404);
    // Locks go to the activity log, not to the vehicle's history.
    expect(await history(sv.id)).toHaveLength(1);
  });
});

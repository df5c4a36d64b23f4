import type { InvoiceExtraImage } from '@glass/domain/contracts/invoices';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/sessions.js';
import type { Database } from '../../../db/client.js';
import type { CheckedImage, FileStore } from '../../../files/file-store.js';
import { assertInvoiceExists, loadEditableInvoice, recordInvoiceChange } from '../invoice-record.js';

/**
 * Extra images of an invoice, kept in the file store (checked by content before they get here) and
 * served by GET /api/files/{path} with the bearer token. Adding images is an edit: 409 on a finalized
 * invoice.
 */
export class InvoiceImageService {
  constructor(
    private db: Database,
    private files: FileStore,
  ) {}

  async list(invoiceId: number) {
    await assertInvoiceExists(this.db, invoiceId);
    return this.db.rows<InvoiceExtraImage>(
      sql`select m.id, '/api/files/' || m.path as url, m.caption, m.created_at as "createdAt",
            (select json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name) from users u where u.id = m.user_id) as user
          from invoice_images m where m.invoice_id = ${invoiceId} order by m.created_at desc, m.id desc`,
    );
  }

  async add(user: SessionUser, invoiceId: number, images: CheckedImage[], caption: string | null) {
    // The stored files delete themselves if the work rolls back (FileStore.saveImage).
    await this.db.transaction(async (tx) => {
      await loadEditableInvoice(tx, invoiceId, user);
      const owner = { ownerUserId: user.id, ownerType: 'Invoice', ownerId: invoiceId };
      for (const image of images) {
        const path = await this.files.saveImage(tx, image, `invoices/${invoiceId}`, owner);
        await tx.rows(
          sql`insert into invoice_images (invoice_id, file_id, path, caption, user_id)
              values (${invoiceId}, (select id from stored_files where path = ${path}), ${path}, ${caption}, ${user.id})`,
        );
      }
      await recordInvoiceChange(tx, user, invoiceId, {
        activity: 'Images added',
        details: images.map((i) => i.filename).join(', '),
      });
    });
    return this.list(invoiceId);
  }
}

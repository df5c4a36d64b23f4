import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { FileStoreOptions } from '../config.js';
import { type BlobStore, FileExistsError, isSafeRelative } from './blob-store.js';

type S3Options = NonNullable<FileStoreOptions['s3']>;

const status = (err: any): number | undefined => err?.$metadata?.httpStatusCode;
const isMissing = (err: any) => status(err) === 404 || err?.name === 'NoSuchKey' || err?.name === 'NotFound';

/**
 * Files as objects of an S3-compatible bucket (AWS S3, MinIO, Ceph, R2 …), FILE_STORE=s3. Keys are the
 * store's relative paths under an optional prefix. Path-style addressing (`endpoint/bucket/key`), which
 * every S3-compatible server accepts. A put is conditional (`If-None-Match: *`), so of two puts of one
 * name only the first succeeds, on servers that support conditional writes (AWS since 2024, MinIO);
 * the names FileStore makes carry 64 random bits, so a clash does not happen in practice either way.
 */
export class S3BlobStore implements BlobStore {
  readonly driver = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3Options) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: true,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Only checksums the server asked for: several S3-compatible servers reject the SDK's new defaults.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.bucket = options.bucket;
    this.prefix = options.prefix ? `${options.prefix.replace(/\/+$/, '')}/` : '';
  }

  private key(key: string): string {
    if (!isSafeRelative(key)) throw new Error(`unsafe file path: ${key}`);
    return this.prefix + key;
  }

  async put(key: string, data: Buffer): Promise<void> {
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.key(key),
          Body: data,
          ContentLength: data.length,
          IfNoneMatch: '*',
        }),
      );
    } catch (err) {
      // 412: the name exists; 409: a concurrent conditional put of the same name is in progress.
      if (status(err) === 412 || status(err) === 409) throw new FileExistsError(key);
      throw err;
    }
  }

  /**
   * A stream in parts of 8 MB (S3's minimum part is 5 MB), so at most one part is in memory; a stream
   * shorter than one part is a plain conditional put. A failure aborts the multipart upload.
   */
  async putStream(key: string, source: AsyncIterable<Buffer | Uint8Array>): Promise<void> {
    const PART = 8 * 1024 * 1024;
    const Key = this.key(key);
    let uploadId: string | undefined;
    const parts: { ETag?: string; PartNumber: number }[] = [];
    let pending: Buffer[] = [];
    let size = 0;
    const sendPart = async () => {
      const body = Buffer.concat(pending);
      pending = [];
      size = 0;
      if (!uploadId) {
        const created = await this.client.send(
          new CreateMultipartUploadCommand({ Bucket: this.bucket, Key }),
        );
        uploadId = created.UploadId;
      }
      const PartNumber = parts.length + 1;
      const res = await this.client.send(
        new UploadPartCommand({ Bucket: this.bucket, Key, UploadId: uploadId, PartNumber, Body: body }),
      );
      parts.push({ ETag: res.ETag, PartNumber });
    };
    try {
      for await (const part of source) {
        const buf = Buffer.isBuffer(part) ? part : Buffer.from(part.buffer, part.byteOffset, part.byteLength);
        pending.push(buf);
        size += buf.length;
        if (size >= PART) await sendPart();
      }
      if (!uploadId) return await this.put(key, Buffer.concat(pending));
      if (size > 0) await sendPart();
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
          IfNoneMatch: '*',
        }),
      );
    } catch (err) {
      if (uploadId)
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId: uploadId }))
          .catch(() => {});
      if (status(err) === 412 || status(err) === 409) throw new FileExistsError(key);
      throw err;
    }
  }

  async get(key: string): Promise<Readable | undefined> {
    if (!isSafeRelative(key)) return undefined;
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return res.Body as Readable | undefined;
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isSafeRelative(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
  }

  async exists(key: string): Promise<boolean> {
    if (!isSafeRelative(key)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }
}

import { useEffect, useMemo } from 'react';
import { useAttachmentBlob } from '../api/images';
import './attachment-image.css';

/** An attachment is served to signed-in users only: fetched with the token, shown from an object URL. */
export function AttachmentImage({ url, alt }: { url: string; alt: string }) {
  const blob = useAttachmentBlob(url);
  const src = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);
  if (blob.isError) return <span className="attachment-missing">Image unavailable</span>;
  if (!src) return <span className="attachment-loading">Loading image…</span>;
  return (
    <a href={src} target="_blank" rel="noreferrer">
      <img src={src} alt={alt} className="attachment-image" />
    </a>
  );
}

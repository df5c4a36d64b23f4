import { Image } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useAttachmentBlob, useThumbnailBlob } from '../api/images';
import './attachment-image.css';

/** An object URL for a blob while the component shows it, revoked after. */
function useObjectUrl(blob: Blob | undefined) {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * A stored image in a list (GET /api/files/{path}): its thumbnail (`?thumb=1`), read with the token; a click
 * (or Enter) opens the full image in antd's preview, read only then. The thumbnail is a button so the
 * keyboard reaches it.
 */
export function ThumbnailImage({
  url,
  alt,
  size = 120,
  square,
}: {
  url: string;
  alt: string;
  size?: number;
  /** A size × size tile (the picture cropped to fill it): a gallery's even grid, whatever the photo's shape. */
  square?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const thumb = useThumbnailBlob(url);
  const full = useAttachmentBlob(url, open);
  const thumbSrc = useObjectUrl(thumb.data);
  const fullSrc = useObjectUrl(full.data);
  if (thumb.isError) return <span className="attachment-missing">Image unavailable</span>;
  if (!thumbSrc) return <span className="attachment-loading">Loading image…</span>;
  return (
    <>
      <button
        type="button"
        className="thumbnail-button"
        title={`${alt}: full size`}
        onClick={() => setOpen(true)}
      >
        <img
          src={thumbSrc}
          alt={alt}
          className={`attachment-image thumbnail-image${square ? ' thumbnail-square' : ''}`}
          style={square ? { width: size, height: size } : { maxWidth: size, maxHeight: size }}
        />
      </button>
      {open ? (
        <Image
          src={thumbSrc}
          alt=""
          style={{ display: 'none' }}
          preview={{ open, src: fullSrc ?? thumbSrc, onOpenChange: setOpen }}
        />
      ) : null}
    </>
  );
}

import { useState } from 'react';
import Cropper from 'react-easy-crop';
import type { PixelArea } from '../lib/upload.js';
import styles from './ImageCrop.module.css';

/**
 * The square crop area over the photo (react-easy-crop, fetched with this module when a crop dialog
 * first opens): drag or pinch to move and zoom, or focus it and use the arrow keys.
 */
export default function ImageCropper({
  image,
  zoom,
  onZoomChange,
  onAreaChange,
  label,
}: {
  image: string;
  zoom: number;
  onZoomChange: (zoom: number) => void;
  onAreaChange: (area: PixelArea) => void;
  label: string;
}) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  return (
    <div className={styles.area}>
      <Cropper
        image={image}
        crop={crop}
        zoom={zoom}
        minZoom={1}
        maxZoom={3}
        aspect={1}
        cropShape="rect"
        showGrid={false}
        onCropChange={setCrop}
        onZoomChange={onZoomChange}
        onCropComplete={(_area, pixels) => onAreaChange(pixels)}
        cropperProps={{ role: 'group', 'aria-label': label }}
        mediaProps={{ alt: '' }}
      />
    </div>
  );
}

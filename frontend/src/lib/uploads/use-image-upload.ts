import { useState, type ChangeEvent } from 'react';
import {
  isImage,
  NOT_AN_IMAGE,
  uploadFailureText,
  uploadImage,
  type UploadProgress,
} from '@/lib/uploads/upload-image';

export interface ImageUploadOptions {
  /** Gets the address of the stored image. */
  onUploaded: (url: string) => void;
  /** Told when an upload starts and ends, so a form can wait for it. */
  onBusyChange?: (busy: boolean) => void;
  /** The screen's own texts for a refused upload and for one that broke off. */
  texts: { failed: string; network: string };
}

/**
 * One photo field's upload: `pick` is the file input's change handler; `progress` is the stage
 * (null when idle) and `problem` the Dutch text of the last refusal or failure.
 */
export function useImageUpload({ onUploaded, onBusyChange, texts }: ImageUploadOptions) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same file can be picked again after a failure.
    input.value = '';
    if (!file) return;
    if (!isImage(file)) {
      setProblem(NOT_AN_IMAGE);
      return;
    }
    setProblem(null);
    setProgress({ stage: 'verkleinen', percent: 0 });
    onBusyChange?.(true);
    try {
      const { url } = await uploadImage(file, setProgress);
      onUploaded(url);
    } catch (error) {
      setProblem(uploadFailureText(error, texts));
    } finally {
      setProgress(null);
      onBusyChange?.(false);
    }
  };

  return { progress, problem, pick, busy: progress !== null };
}

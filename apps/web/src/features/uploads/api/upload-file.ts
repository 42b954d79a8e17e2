import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface UploadedFile {
  _id: string;
  url: string;
  mime_type: string;
  size: number;
}

/** POST /v1/upload: one picture as the multipart field `file`. */
export function uploadFile(file: Blob, fileName = 'upload'): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, fileName);
  return api<UploadedFile>('/upload', { method: 'POST', form });
}

export function useUploadFile() {
  return useMutation({
    mutationFn: ({ file, fileName }: { file: Blob; fileName?: string }) => uploadFile(file, fileName),
  });
}

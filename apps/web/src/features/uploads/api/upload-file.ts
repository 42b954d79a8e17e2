import { useMutation } from '@tanstack/react-query';
import { type UploadedFile, uploadedFileSchema } from '@titans/shared/uploads/schemas';
import { api } from '../../../lib/api-client.ts';

/** POST /v1/upload: one picture as the multipart field `file`. */
export function uploadFile(file: Blob, fileName = 'upload'): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, fileName);
  return api('/upload', uploadedFileSchema, { method: 'POST', form });
}

export function useUploadFile() {
  return useMutation({
    mutationFn: ({ file, fileName }: { file: Blob; fileName?: string }) => uploadFile(file, fileName),
  });
}

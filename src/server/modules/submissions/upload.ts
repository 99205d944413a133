import type { FastifyRequest } from 'fastify';
import { ACCEPTED_FILE_EXTENSIONS, MAX_FILE_BYTES, MAX_FILES_PER_REQUEST } from '../../../shared/domain/constants';
import { AppError, badRequest } from '../../platform/errors';
import { contentMatches } from '../../platform/files/content';
import { cleanFileName } from '../../platform/files/served-file';
import { expectedTypeOf, MIME_TYPES, type SniffedType } from '../../platform/files/sniff';

/**
 * Reads the multipart submission: the `request` JSON field and up to five files. Every file is
 * checked for size, extension and content (its type's first bytes, and images and PDFs parsed
 * whole) here, before anything is stored (ARCHITECTURE.md#contracts, decision 0008).
 */
export interface UploadedFile {
  fileName: string;
  data: Buffer;
  type: SniffedType;
  mimeType: string;
}

export interface SubmissionUpload {
  requestJson: string | null;
  files: UploadedFile[];
}

export const UPLOAD_MESSAGES = {
  fileLimit: 'File limit exceeded: You can upload a maximum of 5 files.',
  tooLarge: (file: string) => `File too large: ${file} exceeds the 10MB limit.`,
  notAllowed: (file: string) => `File type not allowed: ${file}. Accepted types: ${ACCEPTED_FILE_EXTENSIONS.join(', ')}.`,
  contentMismatch: (file: string) => `${file} is not a valid file of its type: its content does not match its extension.`,
  notMultipart: 'Send the request as multipart/form-data.',
} as const;

const errorCode = (err: unknown) => (err as { code?: string } | null)?.code;

export async function readSubmissionUpload(request: FastifyRequest): Promise<SubmissionUpload> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type', UPLOAD_MESSAGES.notMultipart);
  let requestJson: string | null = null;
  const files: UploadedFile[] = [];
  try {
    const parts = request.parts({ limits: { files: MAX_FILES_PER_REQUEST, fileSize: MAX_FILE_BYTES, fields: 10 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'request') requestJson = String(part.value);
        continue;
      }
      const fileName = uploadedFileName(part.filename);
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (err) {
        if (errorCode(err) === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'file_too_large', UPLOAD_MESSAGES.tooLarge(fileName));
        throw err;
      }
      files.push(await checkFile(fileName, data));
    }
  } catch (err) {
    if (errorCode(err) === 'FST_FILES_LIMIT') throw badRequest(UPLOAD_MESSAGES.fileLimit);
    throw err;
  }
  return { requestJson, files };
}

async function checkFile(fileName: string, data: Buffer): Promise<UploadedFile> {
  const expected = expectedTypeOf(fileName);
  if (!expected) throw new AppError(415, 'unsupported_media_type', UPLOAD_MESSAGES.notAllowed(fileName));
  if (!(await contentMatches(data, expected))) {
    throw new AppError(415, 'unsupported_media_type', UPLOAD_MESSAGES.contentMismatch(fileName));
  }
  return { fileName, data, type: expected, mimeType: MIME_TYPES[expected] };
}

/** The name as shown to people: no folders, no control or bidirectional control characters, bounded length. */
export function uploadedFileName(raw: string | undefined): string {
  return cleanFileName(raw) || 'file';
}

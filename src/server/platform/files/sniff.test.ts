import { describe, expect, it } from 'vitest';
import { buildZip, SAMPLE_FILES } from '../../test/sample-files';
import { expectedTypeOf, sniffFileType, zipEntryNames } from './sniff';

describe('sniffFileType', () => {
  it('recognises each accepted type by its bytes', () => {
    expect(sniffFileType(SAMPLE_FILES.jpg)).toBe('jpg');
    expect(sniffFileType(SAMPLE_FILES.png)).toBe('png');
    expect(sniffFileType(SAMPLE_FILES.pdf)).toBe('pdf');
    expect(sniffFileType(SAMPLE_FILES.docx)).toBe('docx');
    expect(sniffFileType(SAMPLE_FILES.xlsx)).toBe('xlsx');
  });

  it('refuses text, empty files and ZIPs that are not Office documents', () => {
    expect(sniffFileType(Buffer.from('just some text pretending to be a png'))).toBeNull();
    expect(sniffFileType(Buffer.alloc(0))).toBeNull();
    expect(sniffFileType(buildZip(['readme.txt']))).toBeNull();
  });

  it('reads entry names from the central directory', () => {
    expect(zipEntryNames(buildZip(['[Content_Types].xml', 'xl/workbook.xml']))).toEqual(['[Content_Types].xml', 'xl/workbook.xml']);
  });
});

describe('expectedTypeOf', () => {
  it('maps accepted extensions, any case, and refuses the rest', () => {
    expect(expectedTypeOf('Photo.JPEG')).toBe('jpg');
    expect(expectedTypeOf('a.jpg')).toBe('jpg');
    expect(expectedTypeOf('plan.docx')).toBe('docx');
    expect(expectedTypeOf('virus.exe')).toBeNull();
    expect(expectedTypeOf('noextension')).toBeNull();
  });
});

/**
 * The part of pdfmake 0.3 (server build) the label sheets use. @types/pdfmake is not used: its
 * interfaces reference the DOM library, which would leak browser types into the server's.
 */
declare module 'pdfmake' {
  import type { Readable } from 'node:stream';

  export type Content = string | ContentNode | Content[];
  export interface ContentNode {
    text?: string;
    image?: string;
    stack?: Content[];
    fit?: [number, number];
    width?: number;
    height?: number;
    fontSize?: number;
    bold?: boolean;
    alignment?: 'left' | 'center' | 'right';
    margin?: [number, number, number, number];
    absolutePosition?: { x: number; y: number };
    pageBreak?: 'before' | 'after';
  }
  export interface TDocumentDefinitions {
    content: Content[];
    pageSize?: { width: number; height: number };
    pageMargins?: number;
    defaultStyle?: { font?: string; fontSize?: number };
    info?: { title?: string; creator?: string };
    compress?: boolean;
  }
  export interface FontFiles {
    normal: string;
    bold: string;
    italics: string;
    bolditalics: string;
  }
  /** PDFKit's document: a readable stream of the PDF, written out once ended. */
  export interface PdfStream extends Readable {
    end(): void;
  }
  export interface CreatedPdf {
    getStream(): Promise<PdfStream>;
    getBuffer(): Promise<Buffer>;
  }
  interface PdfMake {
    setFonts(fonts: Record<string, FontFiles>): void;
    setUrlAccessPolicy(callback: (url: string) => boolean): void;
    setLocalAccessPolicy(callback: (path: string) => boolean): void;
    createPdf(definition: TDocumentDefinitions): CreatedPdf;
  }
  const pdfmake: PdfMake;
  export default pdfmake;
}

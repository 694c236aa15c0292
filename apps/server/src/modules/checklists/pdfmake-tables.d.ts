/**
 * The parts of pdfmake 0.3 the checklist report uses beyond those the assets module declares
 * (apps/server/src/modules/assets/pdfmake.d.ts): tables, columns, colours. Merged into the same
 * ambient module.
 */
declare module 'pdfmake' {
  interface ContentNode {
    table?: { widths?: (string | number)[]; body: Content[][]; headerRows?: number; dontBreakRows?: boolean };
    layout?: 'noBorders' | 'headerLineOnly' | 'lightHorizontalLines';
    columns?: Content[];
    columnGap?: number;
    color?: string;
    fillColor?: string;
    italics?: boolean;
    unbreakable?: boolean;
  }
}

import Papa from 'papaparse';

/**
 * A CSV cell that a spreadsheet would read as a formula (=, +, -, @, tab, carriage return first)
 * gets a leading apostrophe (OWASP "CSV injection"): the file shows the text, runs nothing. XLSX
 * cells are written as typed strings, which spreadsheets never evaluate, so they keep their text
 * as it is (a phone stays +56912345678).
 */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The start of a CSV file a spreadsheet opens as UTF-8 (the BOM, so Excel reads the accents). */
export const CSV_BOM = '\uFEFF';

/** CSV lines (CRLF-terminated) of rows whose every cell is neutralised. */
export function csvLines(rows: readonly (readonly string[])[]): string {
  return rows.length === 0 ? '' : `${Papa.unparse(rows.map((row) => row.map(neutralizeCell)))}\r\n`;
}

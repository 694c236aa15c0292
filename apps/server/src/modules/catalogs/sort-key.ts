import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

// Accented letters and their plain forms, in both cases (lower() of a C-locale database leaves
// non-ASCII capitals alone). Ñ is not folded: Spanish sorts it as a letter of its own.
const ACCENTED = 'áàâäãåéèêëíìîïóòôöõúùûüýÿçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÝÇ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuuyycaaaaaaeeeeiiiiooooouuuuyc';
if (ACCENTED.length !== PLAIN.length) throw new Error('sort-key: the translate lists differ in length');

/**
 * The key names and labels are listed by, the same on both engines (no ICU collation needed):
 * lower case without accents, ñ right after n ("n~" sorts after every "n" + letter and before
 * "o" in the C collation), compared byte by byte. "Ñuble" comes between "Maule" and "O'Higgins",
 * "Árica" with the a's. The indexes of the sorted lists are built on this same expression.
 */
export function sortKey(column: AnyColumn | SQL): SQL {
  return sql`(replace(replace(translate(lower(${column}), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)}), 'ñ', 'n~'), 'Ñ', 'n~') COLLATE "C")`;
}

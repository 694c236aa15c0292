import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

// Accented letters and their plain forms, in both cases (lower() of a C-locale database leaves
// non-ASCII capitals alone). Ñ is not folded: Spanish sorts it as a letter of its own.
const ACCENTED = 'áàâäãåéèêëíìîïóòôöõúùûüýÿçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÝÇ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuuyycaaaaaaeeeeiiiiooooouuuuyc';
if (ACCENTED.length !== PLAIN.length) throw new Error('sort-key: the translate lists differ in length');

/** Lower case without accents, ñ kept apart as "n~": what searches compare (`LIKE`) and sorting starts from. */
export function foldKey(column: AnyColumn | SQL): SQL {
  return sql`replace(replace(translate(lower(${column}), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)}), 'ñ', 'n~'), 'Ñ', 'n~')`;
}

/**
 * The words of a text as people search them (foldText of @faena/domain, in SQL): lower case,
 * accents and the ñ's tilde dropped, every run of other signs a space, with a space in front, so
 * `LIKE '% jef%'` asks whether a word starts with "jef".
 */
export function searchWordsKey(column: AnyColumn | SQL): SQL {
  return sql`(' ' || regexp_replace(translate(lower(${column}), ${sql.raw(`'${ACCENTED}ñÑ'`)}, ${sql.raw(`'${PLAIN}nn'`)}), '[^a-z0-9]+', ' ', 'g'))`;
}

/** Width every number is padded to in a sort key: numbers up to twelve digits sort by value. */
const NUMBER_WIDTH = 12;

/**
 * The key names and labels are listed by, the same on both engines (no ICU collation needed):
 * lower case without accents, ñ right after n ("n~" sorts after every "n" + letter and before
 * "o" in the C collation), numbers by their value, compared byte by byte. "Ñuble" comes between
 * "Maule" and "O'Higgins", "Árica" with the a's, "Bodega 2" before "Bodega 10" (every run of
 * digits is padded with zeros to twelve: each gets twelve zeros in front, then the zeros beyond
 * the last twelve digits go; a longer number keeps its digits and sorts after the shorter ones).
 * The indexes of the sorted lists are built on this same expression.
 */
export function sortKey(column: AnyColumn | SQL): SQL {
  const padded = sql.raw(`'${'0'.repeat(NUMBER_WIDTH)}\\1'`);
  const trimmed = sql.raw(`'0*([0-9]{${NUMBER_WIDTH},})'`);
  return sql`(regexp_replace(regexp_replace(${foldKey(column)}, '([0-9]+)', ${padded}, 'g'), ${trimmed}, '\\1', 'g') COLLATE "C")`;
}

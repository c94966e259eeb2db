/**
 * Real PDF files for the submission journeys, made with a PDF library
 * (pdf-lib) when a test runs rather than written by hand: one A4 page with
 * a title and an abstract, and optionally a large figure so that an upload
 * takes long enough for its progress to be seen.
 */
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  PDFName,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  StandardFonts,
} from 'pdf-lib';

/** An anonymized abstract: 55 words, 59 with its title, well under the limit of 500. */
export const ABSTRACT_TITLE = 'Vowel harmony in loanwords';
export const ABSTRACT_TEXT =
  'This study examines how speakers adapt borrowed words to the vowel harmony of their language. ' +
  'We recorded twelve speakers reading one hundred loanwords in carrier sentences and measured ' +
  'the first two formants of every suffix vowel. Suffixes mostly agree with the final stem vowel, ' +
  'but neutral vowels block harmony more often than traditional descriptions predict.';

/**
 * How the server counts words (server/src/submissions/pdf.rs): tokens
 * between whitespace that hold at least one letter or digit.
 */
export function countWords(text: string): number {
  return text.split(/\s+/u).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

export interface AbstractPdfOptions {
  title?: string;
  text?: string;
  /**
   * The side, in pixels, of an uncompressed RGB figure drawn under the
   * text: about 3 × side² bytes (e.g. 840 makes the file about 2 MB). It
   * holds no text, so the word count stays the text's.
   */
  figureSide?: number;
  /**
   * A JavaScript action run when the file is opened (the catalog's
   * /OpenAction), as a hostile file carries it; pdf-lib writes it into a
   * compressed object stream.
   */
  openScript?: string;
}

const PAGE_WIDTH = 595; // A4, in points
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const FONT_SIZE = 11;
const LINE_HEIGHT = 15;

/** A one-page PDF: the title, the abstract wrapped to the page, and the figure if asked for. */
export async function abstractPdf({
  title = ABSTRACT_TITLE,
  text = ABSTRACT_TEXT,
  figureSide = 0,
  openScript,
}: AbstractPdfOptions = {}): Promise<Buffer> {
  const document = await PDFDocument.create();
  // Anonymized, as the guidelines ask: no Author; a fixed date keeps the file stable.
  document.setTitle(title);
  document.setCreationDate(new Date('2025-03-01T12:00:00Z'));
  document.setModificationDate(new Date('2025-03-01T12:00:00Z'));
  const page = document.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);

  let y = PAGE_HEIGHT - MARGIN - 16;
  page.drawText(title, { x: MARGIN, y, size: 16, font: bold, color: rgb(0, 0, 0) });
  y -= 2 * LINE_HEIGHT;
  for (const line of wrap(text, (candidate) => font.widthOfTextAtSize(candidate, FONT_SIZE), PAGE_WIDTH - 2 * MARGIN)) {
    page.drawText(line, { x: MARGIN, y, size: FONT_SIZE, font });
    y -= LINE_HEIGHT;
  }

  if (figureSide > 0) {
    // An image XObject written as it is (no filter), so its bytes are the file's bulk.
    const figure = document.context.register(
      document.context.stream(gradient(figureSide), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: figureSide,
        Height: figureSide,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
      }),
    );
    const name = page.node.newXObject('Figure', figure);
    const shown = Math.min(PAGE_WIDTH - 2 * MARGIN, y - MARGIN - LINE_HEIGHT);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(shown, 0, 0, shown, MARGIN, y - LINE_HEIGHT - shown),
      drawObject(name),
      popGraphicsState(),
    );
  }

  if (openScript !== undefined) {
    const action = document.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(openScript) });
    document.catalog.set(PDFName.of('OpenAction'), document.context.register(action));
  }

  return Buffer.from(await document.save());
}

/** Greedy line breaking at spaces. */
function wrap(text: string, widthOf: (line: string) => number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/u).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && widthOf(candidate) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** side × side RGB pixels of a smooth two-way gradient. */
function gradient(side: number): Uint8Array {
  const pixels = new Uint8Array(side * side * 3);
  for (let row = 0; row < side; row += 1) {
    for (let column = 0; column < side; column += 1) {
      const at = (row * side + column) * 3;
      pixels[at] = Math.floor((255 * column) / side);
      pixels[at + 1] = Math.floor((255 * row) / side);
      pixels[at + 2] = 160;
    }
  }
  return pixels;
}

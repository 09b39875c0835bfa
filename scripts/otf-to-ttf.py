#!/usr/bin/python3 -I
"""Converts a CFF-flavoured OpenType font (.otf) to TrueType outlines (.ttf).

Why: FreeType decodes a CFF glyph about eight times slower than a TrueType one (about
39,000 instructions against 5,000 for Inter, unhinted), and every font size the
templates use loads its glyphs again, so on a one-document run glyph loading was a
sixth of all the work. The outlines are converted to quadratic curves within 1/1000 em
(fontmake's default tolerance when it builds TrueType fonts: 0.01 pt at 10 pt, 0.03 pt
on a 34 pt title); advances, kerning, features and vertical metrics are the source
font's own, so line breaks and positions do not change. A looser tolerance also means
fewer curve segments where glyph outlines are drawn as paths (the map labels' halos).

The output is deterministic for a given fontTools version (the head table's dates are
kept from the source), so fonts.lock can pin its SHA-256.

Usage: otf-to-ttf.py SOURCE.otf TARGET.ttf
"""
import sys

from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable

MAX_ERROR_EM = 0.001


def convert(source, target):
    font = TTFont(source, recalcTimestamp=False)
    if "CFF " not in font:
        raise SystemExit(f"otf-to-ttf: {source} has no CFF outlines")
    max_error = MAX_ERROR_EM * font["head"].unitsPerEm
    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        # PostScript contours run counter-clockwise, TrueType ones clockwise.
        glyph_set[name].draw(Cu2QuPen(pen, max_error, reverse_direction=True))
        glyf[name] = pen.glyph()
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    # A TrueType rasteriser places an outline so that its leftmost point (xMin, which now
    # counts the off-curve points) sits at the left side bearing: make hmtx say so, or each
    # glyph whose extent moved in the conversion would be drawn shifted by the difference
    # (up to 1 % of the em in the italic).
    hmtx = font["hmtx"]
    for name in order:
        glyph = glyf[name]
        glyph.recalcBounds(glyf)
        if glyph.numberOfContours != 0:
            advance, _ = hmtx[name]
            hmtx[name] = (advance, glyph.xMin)
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    # No hinting programs; the point and contour maxima are recomputed on save.
    for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs",
                  "maxInstructionDefs", "maxStackElements", "maxSizeOfInstructions",
                  "maxComponentElements", "maxPoints", "maxContours",
                  "maxCompositePoints", "maxCompositeContours", "maxComponentDepth"):
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    head = font["head"]
    head.glyphDataFormat = 0
    head.indexToLocFormat = 0
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    # Glyph names are not needed to render or to extract text (cmap and ToUnicode do that).
    font["post"].formatType = 3.0
    font.sfntVersion = "\x00\x01\x00\x00"
    font.save(target)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit("usage: otf-to-ttf.py SOURCE.otf TARGET.ttf")
    convert(sys.argv[1], sys.argv[2])

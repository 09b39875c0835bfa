#ifndef CCAIRO_SHIM_H
#define CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <hb.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <cairo-ft.h>
#include <fribidi.h>

/* Whether a character reads right to left by its Unicode bidi class (FriBidi, which Pango uses
   for the same question): a right-to-left letter (R, AL), an explicit right-to-left mark or
   control (RLM, ALM, RLE, RLO, RLI), or an Arabic number (AN: Arabic-Indic digits). */
static inline int ccairo_is_right_to_left(uint32_t c) {
    FriBidiCharType type = fribidi_get_bidi_type(c);
    return FRIBIDI_IS_RTL(type) || type == FRIBIDI_TYPE_AN;
}

/* FriBidi's version text as it runs ("(GNU FriBidi) 1.0.8\n..."): a function, because Swift
   treats the library's global variable as shared mutable state, and the libraries are loaded
   at the first call into them (Sources/CLazyLibraries), which stand in for functions only. */
const char *ccairo_fribidi_version_info(void);

/* Loads the drawing libraries now rather than at the first call into them (a no-op once they
   are loaded): for a thread with time to spare before the first drawing. */
void ccairo_load_libraries(void);
#endif

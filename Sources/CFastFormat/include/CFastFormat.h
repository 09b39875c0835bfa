/// Exact, fast `snprintf` for the few conversions cairo's PDF writer formats numbers with.
///
/// cairo prints every coordinate, glyph position and object number of a PDF through
/// `snprintf` (fortified to `__snprintf_chk` in Debian's build): one call per number, about
/// 2,300 instructions for a `%f`, which was a sixth of a whole 120-day export. FastFormat.c
/// defines `__snprintf_chk` in this program, so cairo's calls reach it before glibc's; a format
/// that is one `%f`, `%.Nf`, `%.*f` or plain integer conversion is written here, digit for digit
/// what glibc writes, and anything else goes on to glibc unchanged.
#ifndef C_FAST_FORMAT_H
#define C_FAST_FORMAT_H

#include <stddef.h>

/// `value` as `snprintf(out, size, "%.*f", precision, value)` writes it in the C locale, by
/// exact integer arithmetic; returns the length it needs, or -1 when it leaves the value to
/// glibc (not finite, |value| ≥ 2^63, precision above 18, another decimal point or rounding
/// mode in force).
int ei_format_fixed(char *out, size_t size, double value, int precision);

/// `value` as `snprintf` writes it for `%d` (or `%u`, `%x`, `%X` when `conversion` says so)
/// with the zero flag and width given; the same return convention.
int ei_format_integer(char *out, size_t size, long long value, char conversion, int zeroPad, int width);

/// Whether the fast path takes `format` (1) or leaves it to glibc (0); reads no further than
/// its terminating NUL.
int ei_fast_format_takes(const char *format);

/// Turns the fast path off (0) or on (1, the default): tests compare the two outputs.
void ei_fast_format_set_enabled(int enabled);

/// How many `__snprintf_chk` calls the fast path has answered: proves it is linked in.
unsigned long ei_fast_format_answered(void);

#endif

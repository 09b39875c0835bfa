// Exact, fast snprintf for the conversions cairo formats PDF numbers with (see CFastFormat.h).
//
// Why: cairo writes a PDF's numbers one snprintf call each. Callgrind on the 120-day export
// with cairo 1.16 counted 210,000 calls costing 349 M instructions (15 % of the export), most of
// them `%f` through glibc's multi-precision printf_fp. The same digits come from integer
// arithmetic in a tenth of that. cairo 1.18 prints fewer numbers this way; the saving there is
// smaller (bench/fast-format.sh measures both; the README has the figures).
//
// How: this program defines __snprintf_chk, the fortified snprintf that Debian's cairo calls.
// A definition in the executable comes first in the dynamic linker's search, so libcairo's
// calls (and any other library's) land here. A format that is exactly one conversion this file
// knows is written here; every other format, and every case declined below, goes to glibc's
// own __vsnprintf_chk with the arguments untouched. Libraries built without fortification call
// plain snprintf, which is left alone: they are only slower, never different.
//
// Exactness: a double is m * 2^e with m < 2^53. For precision p <= 18, m * 10^p < 2^113, so
// value * 10^p is an exact 128-bit integer shifted by e; the shifted-out bits decide the
// rounding, half to even, which is what glibc does in the default rounding mode. Tests compare
// this against glibc's vsnprintf on millions of values, and a PDF byte for byte with the fast path off.
#define _GNU_SOURCE
#include "CFastFormat.h"

#include <fenv.h>
#include <langinfo.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

int __snprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, ...);
extern int __vsnprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, va_list ap);
extern void __chk_fail(void) __attribute__((noreturn));

static int fastEnabled = 1;
static unsigned long answered = 0;

void ei_fast_format_set_enabled(int enabled) { __atomic_store_n(&fastEnabled, enabled ? 1 : 0, __ATOMIC_RELAXED); }
unsigned long ei_fast_format_answered(void) { return __atomic_load_n(&answered, __ATOMIC_RELAXED); }

static const uint64_t powersOfTen[19] = {
    1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull, 100000000ull,
    1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull, 10000000000000ull,
    100000000000000ull, 1000000000000000ull, 10000000000000000ull, 100000000000000000ull,
    1000000000000000000ull,
};

// Copies `length` bytes of `text` with snprintf's truncation rule; returns `length`.
static int emit(char *out, size_t size, const char *text, int length) {
    if (size > 0) {
        size_t n = (size_t)length < size - 1 ? (size_t)length : size - 1;
        memcpy(out, text, n);
        out[n] = '\0';
    }
    return length;
}

// Writes `value`'s decimal digits backwards ending at `end`; returns where they start.
static char *digitsBackwards(char *end, uint64_t value, int minimumDigits) {
    char *p = end;
    int written = 0;
    do {
        *--p = (char)('0' + value % 10);
        value /= 10;
        written += 1;
    } while (value != 0 || written < minimumDigits);
    return p;
}

static int cLocaleNumbers(void) {
    const char *point = nl_langinfo(RADIXCHAR);  // what printf reads; localeconv copies a struct
    return point[0] == '.' && point[1] == '\0' && fegetround() == FE_TONEAREST;
}

int ei_format_fixed(char *out, size_t size, double value, int precision) {
    if (precision < 0) precision = 6;  // a negative `*` precision reads as none given
    if (precision > 18 || !isfinite(value) || !cLocaleNumbers()) return -1;
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    int negative = (int)(bits >> 63);
    int biased = (int)((bits >> 52) & 0x7ff);
    uint64_t mantissa = bits & ((1ull << 52) - 1);
    int exponent;
    if (biased == 0) {
        exponent = -1074;  // zero and subnormals
    } else {
        mantissa |= 1ull << 52;
        exponent = biased - 1075;
    }
    if (exponent > 10) return -1;  // |value| >= 2^63: glibc's
    unsigned __int128 scaled = (unsigned __int128)mantissa * powersOfTen[precision];
    unsigned __int128 rounded;
    if (exponent >= 0) {
        rounded = scaled << exponent;
    } else if (-exponent >= 128) {
        rounded = 0;  // scaled < 2^113, so value * 10^p < 2^-15: rounds to zero
    } else {
        int shift = -exponent;
        rounded = scaled >> shift;
        unsigned __int128 rest = scaled - (rounded << shift);
        unsigned __int128 half = (unsigned __int128)1 << (shift - 1);
        if (rest > half || (rest == half && (rounded & 1))) rounded += 1;
    }
    uint64_t whole = (uint64_t)(rounded / powersOfTen[precision]);
    uint64_t fraction = (uint64_t)(rounded % powersOfTen[precision]);
    char text[48];
    char *end = text + sizeof text;
    char *p = end;
    if (precision > 0) {
        p = digitsBackwards(p, fraction, precision);
        *--p = '.';
    }
    p = digitsBackwards(p, whole, 1);
    if (negative) *--p = '-';  // glibc keeps the sign of -0.0 and of negatives rounding to 0
    return emit(out, size, p, (int)(end - p));
}

int ei_format_integer(char *out, size_t size, long long value, char conversion, int zeroPad, int width) {
    if (width < 0 || width > 64) return -1;
    int negative = 0;
    unsigned long long magnitude;
    unsigned base = 10;
    const char *alphabet = "0123456789abcdef";
    switch (conversion) {
    case 'd':
        negative = value < 0;
        magnitude = negative ? 0ull - (unsigned long long)value : (unsigned long long)value;
        break;
    case 'u': magnitude = (unsigned long long)value; break;
    case 'x': magnitude = (unsigned long long)value; base = 16; break;
    case 'X': magnitude = (unsigned long long)value; base = 16; alphabet = "0123456789ABCDEF"; break;
    default: return -1;
    }
    char text[96];
    char *end = text + sizeof text;
    char *p = end;
    do {
        *--p = alphabet[magnitude % base];
        magnitude /= base;
    } while (magnitude != 0);
    int length = (int)(end - p) + negative;
    if (zeroPad) {
        while (length < width) { *--p = '0'; length += 1; }
        if (negative) *--p = '-';
    } else {
        if (negative) *--p = '-';
        while (length < width) { *--p = ' '; length += 1; }
    }
    return emit(out, size, p, (int)(end - p));
}

// A format the fast path takes: one conversion and nothing else, among those above.
struct Spec {
    int zeroPad, width, starWidth, hasPrecision, precision, starPrecision, longness;
    char conversion;
};

static int parseSpec(const char *format, struct Spec *spec) {
    const char *f = format;
    *spec = (struct Spec){0, 0, 0, 0, -1, 0, 0, 0};
    if (*f++ != '%') return 0;
    if (*f == '0') { spec->zeroPad = 1; f++; }
    if (*f == '*') {
        spec->starWidth = 1;
        f++;
    } else {
        while (*f >= '0' && *f <= '9') {
            spec->width = spec->width * 10 + (*f++ - '0');
            if (spec->width > 64) return 0;
        }
    }
    if (*f == '.') {
        spec->hasPrecision = 1;
        f++;
        if (*f == '*') {
            spec->starPrecision = 1;
            f++;
        } else {
            spec->precision = 0;
            while (*f >= '0' && *f <= '9') {
                spec->precision = spec->precision * 10 + (*f++ - '0');
                if (spec->precision > 18) return 0;
            }
        }
    }
    while (*f == 'l' && spec->longness < 2) { spec->longness += 1; f++; }
    if (*f == '\0') return 0;  // no conversion letter: never read past the terminator
    spec->conversion = *f++;
    if (*f != '\0') return 0;
    switch (spec->conversion) {
    case 'f': return !spec->zeroPad && spec->width == 0 && !spec->starWidth && spec->longness == 0;
    case 'd': case 'u': case 'x': case 'X': return !spec->hasPrecision;
    default: return 0;
    }
}

int ei_fast_format_takes(const char *format) {
    struct Spec spec;
    return parseSpec(format, &spec);
}

// -1 leaves the call to glibc. Reads the arguments from a copy, so that glibc gets them untouched.
static int fastFormat(char *out, size_t size, const char *format, va_list arguments) {
    struct Spec spec;
    if (!parseSpec(format, &spec)) return -1;
    va_list ap;
    va_copy(ap, arguments);
    int result;
    if (spec.conversion == 'f') {
        int precision = spec.starPrecision ? va_arg(ap, int) : spec.precision;
        result = ei_format_fixed(out, size, va_arg(ap, double), spec.hasPrecision ? precision : 6);
    } else {
        int width = spec.starWidth ? va_arg(ap, int) : spec.width;
        long long value;
        if (spec.conversion == 'd') {
            value = spec.longness == 2 ? va_arg(ap, long long) : spec.longness == 1 ? va_arg(ap, long) : va_arg(ap, int);
        } else {
            value = (long long)(spec.longness == 2 ? va_arg(ap, unsigned long long)
                                : spec.longness == 1 ? va_arg(ap, unsigned long) : va_arg(ap, unsigned int));
        }
        result = ei_format_integer(out, size, value, spec.conversion, spec.zeroPad, width);
    }
    va_end(ap);
    return result;
}

int __snprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, ...) {
    if (slen < maxlen) __chk_fail();  // what glibc does: the buffer is smaller than claimed
    va_list arguments;
    va_start(arguments, format);
    int result = -1;
    if (__atomic_load_n(&fastEnabled, __ATOMIC_RELAXED)) {
        result = fastFormat(s, maxlen, format, arguments);
        if (result >= 0) __atomic_fetch_add(&answered, 1, __ATOMIC_RELAXED);
    }
    if (result < 0) result = __vsnprintf_chk(s, maxlen, flag, slen, format, arguments);
    va_end(arguments);
    return result;
}

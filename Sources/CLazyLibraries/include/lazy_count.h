/* Written by scripts/lazy-libraries.py: do not edit. */
#define CCL_LIBRARIES 10
#define CCL_SYMBOLS 167

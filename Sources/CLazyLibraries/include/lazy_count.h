/* Written by scripts/lazy-libraries.py: do not edit. */
#define CCL_GROUPS 3
#define CCL_LIBRARIES 12
#define CCL_SYMBOLS 295

/* HarfBuzz's shaping of a run it has shaped before, given again from memory.

   Why: Pango shapes every run of every paragraph it lays out, and an itinerary repeats its runs
   across paragraphs: the brand line and the separators of every page's header, the times, the
   dates, the arrows between cities, the web addresses set once to measure and again to break.
   Of the 3,885 runs the 120-day trip shapes, 1,610 are runs shaped before (43 % of the
   characters), and with Inter's substitution and positioning tables a run costs some 60,000
   instructions: 4.6 % of the export, 3 % of the 10-day one.

   How: the program defines and exports `hb_shape` and `hb_shape_full` (as it does `g_thread_new`,
   font_pattern_threads.c), so Pango's calls land here. A run is looked up by everything that
   decides HarfBuzz's answer and the public API can read: the font (the one Pango made for the
   face and size, and the run font's own scale, sizes, slant, emboldening and variations), every
   property of the buffer, its characters and their clusters relative to the first, and each
   feature with the characters its range covers. A run seen before gets the glyphs and positions
   HarfBuzz gave it then, with the clusters moved to where the run is now; a new one is shaped by
   HarfBuzz and kept.

   What the API cannot read is excluded instead, so that an answer from memory is always the one
   HarfBuzz would give:
   - the buffer's context (up to five characters on each side, which Pango gives from the
     paragraph): HarfBuzz (6 to 10) reads it only in its Arabic shaper (joining) and for a run that
     starts with a combining mark (the dotted circle), so only runs in scripts shaped by its default
     shaper, not starting with a mark, are remembered;
   - the run font's functions: Pango's, which look glyphs up in the font it was made from, and
     draw spaces and ignorables visibly only for text with Pango's `show` attribute, which the
     program never sets (`ShapingMemoTests` keeps that so);
   - a font that can still change: the font Pango made must be immutable (Pango makes it so),
     and a reference to it is kept while an entry names it, so its address is never another
     font's.
   Anything else (no such function in the HarfBuzz loaded, a long run, another shaper list) goes
   to HarfBuzz as before. The memory is bounded (runs, bytes and fonts kept alive) and emptied when full; `ccl_shaping_memo_set_enabled`
   turns it off on the calling thread (tests compare the two). */
#define _GNU_SOURCE
#include "lazy.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* HarfBuzz's types, as its public header declares them (the program compiles without it). */
typedef struct hb_font_t hb_font_t;
typedef struct hb_buffer_t hb_buffer_t;
typedef struct hb_unicode_funcs_t hb_unicode_funcs_t;
typedef const struct hb_language_impl_t *hb_language_t;
typedef uint32_t hb_codepoint_t;
typedef int32_t hb_position_t;
typedef uint32_t hb_mask_t;
typedef uint32_t hb_tag_t;
typedef int hb_bool_t;
typedef union {
    uint32_t u32;
    int32_t i32;
    uint16_t u16[2];
    int16_t i16[2];
    uint8_t u8[4];
    int8_t i8[4];
} hb_var_int_t;
typedef struct {
    hb_codepoint_t codepoint;
    hb_mask_t mask;
    uint32_t cluster;
    hb_var_int_t var1, var2;
} hb_glyph_info_t;
typedef struct {
    hb_position_t x_advance, y_advance, x_offset, y_offset;
    hb_var_int_t var;
} hb_glyph_position_t;
typedef struct {
    hb_tag_t tag;
    uint32_t value;
    unsigned int start, end;
} hb_feature_t;

enum { CONTENT_UNICODE = 1, CONTENT_GLYPHS = 2 };
enum { CATEGORY_SPACING_MARK = 10, CATEGORY_ENCLOSING_MARK = 11, CATEGORY_NON_SPACING_MARK = 12 };
#define TAG(a, b, c, d) ((hb_tag_t)(((uint32_t)(a) << 24) | ((uint32_t)(b) << 16) | ((uint32_t)(c) << 8) | (uint32_t)(d)))

/* Scripts HarfBuzz shapes with its default shaper (or, for Hebrew, one that reads no context). */
static const hb_tag_t plain_scripts[] = {
    TAG('Z', 'y', 'y', 'y'), /* Common */
    TAG('Z', 'i', 'n', 'h'), /* Inherited */
    TAG('L', 'a', 't', 'n'), TAG('G', 'r', 'e', 'k'), TAG('C', 'y', 'r', 'l'), TAG('A', 'r', 'm', 'n'),
    TAG('G', 'e', 'o', 'r'), TAG('H', 'a', 'n', 'i'), TAG('H', 'i', 'r', 'a'), TAG('K', 'a', 'n', 'a'),
    TAG('H', 'e', 'b', 'r'),
};

/* The longest run remembered, in characters, and how much is kept before the memory is emptied. */
enum { LONGEST_RUN = 256, MOST_FEATURES = 32, MOST_COORDS = 16, MOST_ENTRIES = 16384, BUCKETS = 8192 };
/* How many fonts the memory keeps alive at most (a program that makes and frees many font maps
   would otherwise keep every font it shaped with until the entries fill). */
enum { MOST_FONTS = 256 };
static const size_t MOST_BYTES = 16u << 20;

static struct {
    hb_bool_t (*shape_full)(hb_font_t *, hb_buffer_t *, const hb_feature_t *, unsigned int, const char *const *);
    hb_glyph_info_t *(*infos)(hb_buffer_t *, unsigned int *);
    hb_glyph_position_t *(*positions)(hb_buffer_t *, unsigned int *);
    hb_bool_t (*set_length)(hb_buffer_t *, unsigned int);
    int (*content_type)(hb_buffer_t *);
    void (*set_content_type)(hb_buffer_t *, int);
    int (*direction)(hb_buffer_t *);
    hb_tag_t (*script)(hb_buffer_t *);
    hb_language_t (*language)(hb_buffer_t *);
    unsigned (*flags)(hb_buffer_t *);
    int (*cluster_level)(hb_buffer_t *);
    hb_codepoint_t (*invisible)(hb_buffer_t *);
    hb_codepoint_t (*replacement)(hb_buffer_t *);
    hb_unicode_funcs_t *(*unicode_funcs)(hb_buffer_t *);
    int (*category)(hb_unicode_funcs_t *, hb_codepoint_t);
    hb_bool_t (*successful)(hb_buffer_t *);
    hb_font_t *(*parent)(hb_font_t *);
    hb_font_t *(*empty)(void);
    hb_bool_t (*immutable)(hb_font_t *);
    hb_font_t *(*reference)(hb_font_t *);
    void (*destroy)(hb_font_t *);
    void (*scale)(hb_font_t *, int *, int *);
    void (*ppem)(hb_font_t *, unsigned int *, unsigned int *);
    float (*ptem)(hb_font_t *);
    const int *(*coords)(hb_font_t *, unsigned int *);
    /* Later HarfBuzz only: each is asked where the library has it. */
    hb_codepoint_t (*not_found)(hb_buffer_t *);
    hb_codepoint_t (*not_found_selector)(hb_buffer_t *);
    unsigned (*random_state)(hb_buffer_t *);
    void (*set_random_state)(hb_buffer_t *, unsigned);
    float (*slant)(hb_font_t *);
    void (*bold)(hb_font_t *, float *, float *, hb_bool_t *);
} hb;

static pthread_once_t resolved = PTHREAD_ONCE_INIT;
static int usable; /* every required function found */
/* Per thread, for tests that run beside others: turned off, and counted, on their own thread. */
static __thread int turned_off;
static __thread unsigned long hits, misses;

/* The program's own definitions come first, so HarfBuzz's are the next ones. */
static void resolve(void) {
#define FIND(field, name) (*(void **)&hb.field = dlsym(RTLD_NEXT, name))
    int found = FIND(shape_full, "hb_shape_full") &&
                FIND(infos, "hb_buffer_get_glyph_infos") && FIND(positions, "hb_buffer_get_glyph_positions") &&
                FIND(set_length, "hb_buffer_set_length") && FIND(content_type, "hb_buffer_get_content_type") &&
                FIND(set_content_type, "hb_buffer_set_content_type") && FIND(direction, "hb_buffer_get_direction") &&
                FIND(script, "hb_buffer_get_script") && FIND(language, "hb_buffer_get_language") &&
                FIND(flags, "hb_buffer_get_flags") && FIND(cluster_level, "hb_buffer_get_cluster_level") &&
                FIND(invisible, "hb_buffer_get_invisible_glyph") &&
                FIND(replacement, "hb_buffer_get_replacement_codepoint") &&
                FIND(unicode_funcs, "hb_buffer_get_unicode_funcs") && FIND(category, "hb_unicode_general_category") &&
                FIND(successful, "hb_buffer_allocation_successful") && FIND(parent, "hb_font_get_parent") &&
                FIND(empty, "hb_font_get_empty") && FIND(immutable, "hb_font_is_immutable") &&
                FIND(reference, "hb_font_reference") && FIND(destroy, "hb_font_destroy") &&
                FIND(scale, "hb_font_get_scale") && FIND(ppem, "hb_font_get_ppem") && FIND(ptem, "hb_font_get_ptem") &&
                FIND(coords, "hb_font_get_var_coords_normalized");
    FIND(not_found, "hb_buffer_get_not_found_glyph");
    FIND(not_found_selector, "hb_buffer_get_not_found_variation_selector_glyph");
    FIND(random_state, "hb_buffer_get_random_state");
    FIND(set_random_state, "hb_buffer_set_random_state");
    FIND(slant, "hb_font_get_synthetic_slant");
    FIND(bold, "hb_font_get_synthetic_bold");
#undef FIND
    if (!hb.shape_full) {
        fprintf(stderr, "export-itinerary: error: hb_shape was called, yet HarfBuzz's cannot be found\n");
        abort();
    }
    /* A random state is read only where it can be given back too. */
    if (!hb.random_state || !hb.set_random_state) hb.random_state = NULL;
    usable = found;
}

/* What decides a run's shaping, written out as words: the fixed part, then each feature's four
   words, then each character's code point and cluster (relative to the first). */
struct key {
    uint32_t words[40 + 4 * MOST_FEATURES + MOST_COORDS + 2 * LONGEST_RUN];
    unsigned count;
};

static void put(struct key *k, uint64_t value) {
    k->words[k->count++] = (uint32_t)value;
    k->words[k->count++] = (uint32_t)(value >> 32);
}

static uint32_t bits_of(float value) {
    uint32_t bits;
    memcpy(&bits, &value, sizeof bits);
    return bits;
}

/* Writes the key of shaping `buffer` with `font` and `features`, or returns 0 where the run is
   not one to remember (see the top of the file). */
static int make_key(struct key *k, hb_font_t *font, hb_buffer_t *buffer, const hb_feature_t *features,
                    unsigned int count, hb_font_t **owner_out) {
    unsigned int length = 0;
    if (hb.content_type(buffer) != CONTENT_UNICODE || count > MOST_FEATURES) return 0;
    const hb_glyph_info_t *in = hb.infos(buffer, &length);
    if (length == 0 || length > LONGEST_RUN || !in) return 0;
    hb_tag_t script = hb.script(buffer);
    int plain = 0;
    for (size_t i = 0; i < sizeof plain_scripts / sizeof plain_scripts[0]; i++) plain |= script == plain_scripts[i];
    if (!plain) return 0;
    int first = hb.category(hb.unicode_funcs(buffer), in[0].codepoint);
    if (first == CATEGORY_SPACING_MARK || first == CATEGORY_ENCLOSING_MARK || first == CATEGORY_NON_SPACING_MARK)
        return 0;
    /* The font that owns the face and size: the one Pango made (its run font is a font over it
       with Pango's functions), or the font itself where it has no parent. Immutable either way. */
    hb_font_t *parent = hb.parent(font);
    int over = parent && parent != hb.empty();
    hb_font_t *owner = over ? parent : font;
    if (!hb.immutable(owner)) return 0;
    unsigned int coords = 0;
    const int *coord = hb.coords(font, &coords);
    if (coords > MOST_COORDS) return 0;
    for (unsigned int i = 1; i < length; i++) {
        if (in[i].cluster < in[i - 1].cluster) return 0;
    }

    k->count = 0;
    int x_scale = 0, y_scale = 0;
    unsigned int x_ppem = 0, y_ppem = 0;
    hb.scale(font, &x_scale, &y_scale);
    hb.ppem(font, &x_ppem, &y_ppem);
    float bold_x = 0, bold_y = 0;
    hb_bool_t in_place = 0;
    if (hb.bold) hb.bold(font, &bold_x, &bold_y, &in_place);
    put(k, (uintptr_t)owner);
    put(k, ((uint64_t)(uint32_t)over << 32) | (uint32_t)length);
    put(k, (uintptr_t)hb.unicode_funcs(buffer));
    put(k, (uintptr_t)hb.language(buffer));
    put(k, ((uint64_t)(uint32_t)x_scale << 32) | (uint32_t)y_scale);
    put(k, ((uint64_t)x_ppem << 32) | y_ppem);
    put(k, ((uint64_t)bits_of(hb.ptem(font)) << 32) | bits_of(hb.slant ? hb.slant(font) : 0));
    put(k, ((uint64_t)bits_of(bold_x) << 32) | bits_of(bold_y));
    put(k, ((uint64_t)(uint32_t)in_place << 32) | (uint32_t)hb.direction(buffer));
    put(k, ((uint64_t)script << 32) | hb.flags(buffer));
    put(k, ((uint64_t)(uint32_t)hb.cluster_level(buffer) << 32) | hb.invisible(buffer));
    put(k, ((uint64_t)hb.replacement(buffer) << 32) | (hb.not_found ? hb.not_found(buffer) : 0));
    put(k, ((uint64_t)(hb.not_found_selector ? hb.not_found_selector(buffer) : 0) << 32) |
               (hb.random_state ? hb.random_state(buffer) : 0));
    put(k, ((uint64_t)count << 32) | coords);
    for (unsigned int i = 0; i < coords; i++) k->words[k->count++] = (uint32_t)coord[i];
    for (unsigned int f = 0; f < count; f++) {
        /* A feature over the whole buffer is one plan; over a range, which characters it covers
           (their clusters increase, so the covered ones are one stretch of them). */
        int global = features[f].start == 0 && features[f].end == (unsigned int)-1;
        unsigned int from = 0, to = 0;
        if (!global) {
            for (unsigned int i = 0; i < length; i++) {
                if (in[i].cluster >= features[f].start && in[i].cluster < features[f].end) {
                    if (to == 0) from = i;
                    to = i + 1;
                }
            }
        }
        k->words[k->count++] = features[f].tag;
        k->words[k->count++] = features[f].value;
        k->words[k->count++] = global ? (uint32_t)-1 : from;
        k->words[k->count++] = global ? (uint32_t)-1 : to;
    }
    uint32_t base = in[0].cluster;
    for (unsigned int i = 0; i < length; i++) {
        k->words[k->count++] = in[i].codepoint;
        k->words[k->count++] = in[i].cluster - base;
    }
    *owner_out = owner;
    return 1;
}

static uint64_t hash_of(const struct key *k) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned int i = 0; i < k->count; i++) {
        h ^= k->words[i];
        h *= 0x100000001b3ull;
        h ^= h >> 29;
    }
    return h;
}

/* One allocation: the entry, then its key, infos and positions. Only a successful shaping is
   kept, so an answer from memory is always a success. */
struct entry {
    struct entry *next;
    uint64_t hash;
    unsigned int key_count, glyphs;
    unsigned int random_state; /* after shaping, where the library has one */
    uint32_t *key;
    hb_glyph_info_t *infos; /* clusters relative to the run's first */
    hb_glyph_position_t *positions;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct entry *buckets[BUCKETS];
static unsigned long entries;
static size_t bytes;
/* The fonts the entries were shaped with, each referenced once: never freed while an entry
   names it, so its address is never another font's. */
static hb_font_t *fonts[MOST_FONTS];
static unsigned int font_count;

static void forget_all(void) {
    for (unsigned int i = 0; i < font_count; i++) hb.destroy(fonts[i]);
    font_count = 0;
    for (size_t b = 0; b < BUCKETS; b++) {
        for (struct entry *e = buckets[b], *next; e; e = next) {
            next = e->next;
            free(e);
        }
        buckets[b] = NULL;
    }
    entries = 0;
    bytes = 0;
}

static struct entry *find(const struct key *k, uint64_t hash) {
    for (struct entry *e = buckets[hash % BUCKETS]; e; e = e->next) {
        if (e->hash == hash && e->key_count == k->count &&
            memcmp(e->key, k->words, k->count * sizeof k->words[0]) == 0)
            return e;
    }
    return NULL;
}

/* Gives `buffer` the shaping `e` remembers, its clusters from `base`; 0 if the buffer cannot
   hold it (it is then as it was, and HarfBuzz shapes it). */
static int answer(hb_buffer_t *buffer, const struct entry *e, uint32_t base) {
    if (!hb.set_length(buffer, e->glyphs)) return 0;
    hb.set_content_type(buffer, CONTENT_GLYPHS);
    hb_glyph_info_t *infos = hb.infos(buffer, NULL);
    hb_glyph_position_t *positions = hb.positions(buffer, NULL);
    for (unsigned int i = 0; i < e->glyphs; i++) {
        infos[i] = e->infos[i];
        infos[i].cluster += base;
        positions[i] = e->positions[i];
    }
    if (hb.random_state) hb.set_random_state(buffer, e->random_state);
    return 1;
}

/* Keeps what HarfBuzz made of the run keyed `k` (nothing, where memory is short). */
static void remember(const struct key *k, uint64_t hash, hb_font_t *owner, hb_buffer_t *buffer, uint32_t base) {
    unsigned int glyphs = 0;
    const hb_glyph_info_t *infos = hb.infos(buffer, &glyphs);
    const hb_glyph_position_t *positions = hb.positions(buffer, NULL);
    if (hb.content_type(buffer) != CONTENT_GLYPHS || !infos || !positions) return;
    size_t key_bytes = k->count * sizeof k->words[0];
    size_t size = sizeof(struct entry) + key_bytes + glyphs * (sizeof *infos + sizeof *positions);
    struct entry *e = malloc(size);
    if (!e) return;
    e->key = (uint32_t *)(e + 1);
    e->infos = (hb_glyph_info_t *)((char *)e->key + key_bytes);
    e->positions = (hb_glyph_position_t *)(e->infos + glyphs);
    memcpy(e->key, k->words, key_bytes);
    memcpy(e->infos, infos, glyphs * sizeof *infos);
    memcpy(e->positions, positions, glyphs * sizeof *positions);
    for (unsigned int i = 0; i < glyphs; i++) e->infos[i].cluster -= base;
    e->key_count = k->count;
    e->glyphs = glyphs;
    e->hash = hash;
    e->random_state = hb.random_state ? hb.random_state(buffer) : 0;
    pthread_mutex_lock(&lock);
    if (find(k, hash)) {
        /* Another thread kept the same run meanwhile. */
        pthread_mutex_unlock(&lock);
        free(e);
        return;
    }
    int known = 0;
    for (unsigned int i = 0; i < font_count && !known; i++) known = fonts[i] == owner;
    if (entries >= MOST_ENTRIES || bytes + size > MOST_BYTES || (!known && font_count == MOST_FONTS)) {
        forget_all();
        known = 0;
    }
    if (!known) fonts[font_count++] = hb.reference(owner);
    e->next = buckets[hash % BUCKETS];
    buckets[hash % BUCKETS] = e;
    entries++;
    bytes += size;
    pthread_mutex_unlock(&lock);
}

/* Shapes through memory where the run is one to remember; `shaper_list` NULL (HarfBuzz's own
   order) only. */
static hb_bool_t shape(hb_font_t *font, hb_buffer_t *buffer, const hb_feature_t *features, unsigned int count,
                       const char *const *shaper_list) {
    pthread_once(&resolved, resolve);
    static __thread struct key k; /* large: not on the stack */
    hb_font_t *owner = NULL;
    int remembered = usable && !turned_off && shaper_list == NULL &&
                     make_key(&k, font, buffer, features, count, &owner);
    /* (HarfBuzz's `hb_shape` is `hb_shape_full` with no shaper list.) */
    if (!remembered) return hb.shape_full(font, buffer, features, count, shaper_list);
    uint32_t base = hb.infos(buffer, NULL)[0].cluster;
    uint64_t hash = hash_of(&k);
    pthread_mutex_lock(&lock);
    struct entry *e = find(&k, hash);
    int answered = e && answer(buffer, e, base);
    pthread_mutex_unlock(&lock);
    if (answered) {
        hits++;
        return 1;
    }
    misses++;
    hb_bool_t result = hb.shape_full(font, buffer, features, count, NULL);
    if (result && hb.successful(buffer)) remember(&k, hash, owner, buffer, base);
    return result;
}

__attribute__((visibility("default"))) void hb_shape(hb_font_t *font, hb_buffer_t *buffer,
                                                     const hb_feature_t *features, unsigned int count) {
    shape(font, buffer, features, count, NULL);
}

__attribute__((visibility("default"))) hb_bool_t hb_shape_full(hb_font_t *font, hb_buffer_t *buffer,
                                                               const hb_feature_t *features, unsigned int count,
                                                               const char *const *shaper_list) {
    return shape(font, buffer, features, count, shaper_list);
}

void ccl_shaping_memo_set_enabled(int on) { turned_off = !on; }

unsigned long ccl_shaping_memo_hits(void) { return hits; }

unsigned long ccl_shaping_memo_misses(void) { return misses; }

unsigned int ccl_shaping_memo_fonts(void) {
    pthread_mutex_lock(&lock);
    unsigned int count = font_count;
    pthread_mutex_unlock(&lock);
    return count;
}

/* The stubs of stubs.c, as assembly text for each architecture the program builds on (top-level
   assembly in C files: the target's C flags, `-gdwarf-4` among them, hold for it). A stub jumps through its entry of `ccl_table`; the entry first points at the stub's
   resolver, which loads every library (`ccl_bind`, once), then jumps on to the function as
   the stub would have. Stubs are hidden: the libraries, once loaded, call each other
   directly, never through them. */
#if defined(__x86_64__)
#define CCL_TABLE_ENTRY(i) "    .quad ccl_resolve_" #i "\n"
/* The resolver passes the stub's index in r11, which no call's arguments use. */
#define CCL_STUB(name, i) \
    __asm__(".pushsection .text\n    .p2align 4\n    .globl " #name "\n    .hidden " #name "\n" \
            "    .type " #name ", @function\n" #name ":\n    jmp *(ccl_table + 8 * " #i ")(%rip)\n" \
            "    .size " #name ", . - " #name "\nccl_resolve_" #i ":\n    movl $" #i ", %r11d\n" \
            "    jmp ccl_resolve_common\n.popsection\n");
#elif defined(__aarch64__)
#define CCL_TABLE_ENTRY(i) "    .quad ccl_resolve_" #i "\n"
/* The resolver passes the stub's index in x17 (IP1), free between a call and its callee. */
#define CCL_STUB(name, i) \
    __asm__(".pushsection .text\n    .p2align 2\n    .globl " #name "\n    .hidden " #name "\n" \
            "    .type " #name ", %function\n" #name ":\n    adrp x16, ccl_table + 8 * " #i "\n" \
            "    ldr x16, [x16, :lo12:ccl_table + 8 * " #i "]\n    br x16\n    .size " #name ", . - " #name "\n" \
            "ccl_resolve_" #i ":\n    mov x17, #" #i "\n    b ccl_resolve_common\n.popsection\n");
#else
#error "CLazyLibraries: stubs are written for x86_64 and aarch64 only"
#endif
#define CCL_TABLE_BEGIN ".pushsection .data\n    .p2align 3\n    .globl ccl_table\n    .hidden ccl_table\nccl_table:\n"
#define CCL_TABLE_END ".popsection\n"

"""The bounds of a page's kernel (``page_kernel.PageKernel``), apart from the kernel's module:
that one imports ipykernel, which replaces the ``comm`` package's factory in whatever process
imports it, so that what only needs the figures (the server, the tests) imports them from here.
"""

# The address space one page's kernel may take. A served page's kernel holds 60-75 MB and maps
# 230-380 MB (the strategy lab the most) with the two allocator arenas the server gives it
# (``MALLOC_ARENA_MAX``); see docs/decisions.md, "The class server".
MEMORY_LIMIT = 2**30
# Bytes a page may send in one comm message: a teacher's puzzle file (1 MB at most) fits.
LARGEST_MESSAGE = 2 * 2**20
# Bytes a page may send its kernel in all: an hour of taps is well under 1 MB.
PAGE_BYTES = 16 * 2**20
# The display the page's status script shows as a notice (no output area renders this type).
NOTICE = "application/vnd.matatu-learn.notice+json"

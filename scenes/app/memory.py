"""The process's memory, set at the composition root: big pictures go back to the system.

A 1920×1080 window's full-screen pictures are 8 MB each, a reel column 0.7 MB. glibc's allocator
gives each block over its mmap threshold its own mapping, returned to the system when freed, but
by default it raises that threshold to the size of every such block freed (up to 32 MB), after
which pictures come from the heap and a freed one stays in the process: the peak RSS then counts
every picture a scene ever let go. `tune_allocator` fixes the threshold (which also stops it
moving) and `return_freed_memory`, called when the scene stack changes (a scene and its pictures
gone), gives back what the heap holds free. Elsewhere than glibc (Windows, macOS, musl) both do
nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import sys

log = logging.getLogger(__name__)

M_TRIM_THRESHOLD = -1  # glibc's mallopt parameters (malloc.h)
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD_BYTES = 128 * 1024  # glibc's own default, kept from moving: a 60×60 px picture and up
TRIM_THRESHOLD_BYTES = 4 * 1024 * 1024  # free memory at the heap's top given back beyond this

_libc: ctypes.CDLL | None = None


def _glibc() -> ctypes.CDLL | None:
    global _libc
    if _libc is None and sys.platform.startswith("linux"):
        try:
            lib = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
            if hasattr(lib, "mallopt") and hasattr(lib, "malloc_trim"):
                _libc = lib
        except OSError:
            return None
    return _libc


def tune_allocator() -> bool:
    """Fix glibc's mmap and trim thresholds for this process; False where there is no glibc."""
    lib = _glibc()
    if lib is None:
        return False
    ok = bool(lib.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES))
    ok = bool(lib.mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD_BYTES)) and ok
    if not ok:
        log.info("mallopt refused: the allocator keeps its own thresholds")
    return ok


def return_freed_memory() -> None:
    """Give the heap's free pages back to the system (after a scene and its pictures left)."""
    lib = _glibc()
    if lib is not None:
        lib.malloc_trim(0)

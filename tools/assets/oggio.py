"""Writing OGG Vorbis deterministically.

libsndfile (through `soundfile`, a generator-only dependency) encodes Vorbis deterministically
but gives each stream a random serial number. After writing, every Ogg page is rewritten with a
serial derived from the file name and its CRC recomputed, so two runs give identical bytes.
"""

from __future__ import annotations

import hashlib
import struct
from pathlib import Path

import numpy as np

SR = 44100
WRITE_BLOCK = 32768  # frames per libsndfile write


def _crc_table() -> list[int]:
    table = []
    for i in range(256):
        r = i << 24
        for _ in range(8):
            r = ((r << 1) ^ 0x04C11DB7) if r & 0x80000000 else (r << 1)
        table.append(r & 0xFFFFFFFF)
    return table


_TABLE = _crc_table()


def ogg_crc(data: bytes) -> int:
    crc = 0
    t = _TABLE
    for b in data:
        crc = ((crc << 8) & 0xFFFFFFFF) ^ t[((crc >> 24) & 0xFF) ^ b]
    return crc


def fix_serial(raw: bytes, serial: int) -> bytes:
    out = bytearray()
    pos = 0
    while pos < len(raw):
        if raw[pos : pos + 4] != b"OggS":
            raise ValueError(f"not an Ogg page at byte {pos}")
        nsegs = raw[pos + 26]
        seg = raw[pos + 27 : pos + 27 + nsegs]
        end = pos + 27 + nsegs + sum(seg)
        page = bytearray(raw[pos:end])
        struct.pack_into("<I", page, 14, serial)
        struct.pack_into("<I", page, 22, 0)
        struct.pack_into("<I", page, 22, ogg_crc(bytes(page)))
        out += page
        pos = end
    return bytes(out)


def write_ogg(path: Path, samples: np.ndarray, quality: float = 0.5) -> None:
    """samples: float array (n,) mono or (n, 2) stereo in -1..1."""
    import io

    import soundfile as sf  # generator-only dependency (tools/requirements-assets.txt)

    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    data = np.clip(samples, -1.0, 1.0).astype(np.float32)
    # compression_level 0 = best quality, 1 = smallest. Written in fixed blocks: libvorbis
    # takes a stack buffer the size of one write, and a long track in one call overflows it.
    with sf.SoundFile(
        buf,
        "w",
        SR,
        data.shape[1] if data.ndim == 2 else 1,
        "VORBIS",
        format="OGG",
        compression_level=1.0 - quality,
    ) as f:
        for i in range(0, len(data), WRITE_BLOCK):
            f.write(data[i : i + WRITE_BLOCK])
    serial = int.from_bytes(hashlib.sha256(path.name.encode()).digest()[:4], "little")
    path.write_bytes(fix_serial(buf.getvalue(), serial))

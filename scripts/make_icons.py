#!/usr/bin/env python3
"""Draws the app's install icons (static/icon-*.png) from the favicon's design: three Hanoi
discs on dark blue. Run once after changing the design; the PNGs are committed."""
import struct
import zlib
from pathlib import Path

BACKGROUND = (0x1D, 0x35, 0x57)
# (x, y, width, height) in the favicon's 32-unit square, and colour.
DISCS = [((6, 22, 20, 4), (0xE6, 0x39, 0x46)), ((9, 16, 14, 4), (0xF1, 0xC4, 0x53)), ((12, 10, 8, 4), (0xA8, 0xDA, 0xDC))]


def inside_rounded(px, py, x, y, w, h, r):
    """Whether the point lies in the rectangle with corners rounded by r."""
    if not (x <= px < x + w and y <= py < y + h):
        return False
    cx = min(max(px, x + r), x + w - r)
    cy = min(max(py, y + r), y + h - r)
    return (px - cx) ** 2 + (py - cy) ** 2 <= r * r


def draw(size, maskable):
    """RGBA rows: a maskable icon fills the square and keeps its discs in the middle 80 %."""
    unit = size / 32
    shrink, offset = (0.7, size * 0.15) if maskable else (1.0, 0.0)
    rows = []
    for py in range(size):
        row = bytearray()
        for px in range(size):
            colour = None
            if maskable or inside_rounded(px + 0.5, py + 0.5, 0, 0, size, size, 6 * unit):
                colour = BACKGROUND
                for (x, y, w, h), disc in DISCS:
                    sx, sy = offset + x * unit * shrink, offset + y * unit * shrink
                    if inside_rounded(px + 0.5, py + 0.5, sx, sy, w * unit * shrink, h * unit * shrink, 2 * unit * shrink):
                        colour = disc
            row += bytes((*colour, 255)) if colour else bytes(4)
        rows.append(bytes(row))
    return rows


def png(size, rows):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


static = Path(__file__).resolve().parent.parent / "static"
for name, size, maskable in [("icon-192.png", 192, False), ("icon-512.png", 512, False), ("icon-maskable-512.png", 512, True)]:
    (static / name).write_bytes(png(size, draw(size, maskable)))
    print(name)

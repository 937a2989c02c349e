#!/usr/bin/env python3
"""Build a single-file HTML report of the screenshots in ./screenshots.

Every image is embedded as a base64 data URI so the report can be mailed
or attached to a ticket without the image folder.  Image dimensions are read
straight from the PNG/JPEG headers so no imaging library is required.
"""
import base64
import html
import mimetypes
import struct
import sys
from datetime import datetime
from pathlib import Path

SRC_DIR = Path("screenshots")
OUT_FILE = Path("report.html")
MAX_BYTES = 4 * 1024 * 1024  # skip anything larger than 4 MiB


def png_size(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def jpeg_size(data):
    if data[:2] != b"\xff\xd8":
        return None
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            i += 1
            continue
        marker = data[i + 1]
        seg_len = struct.unpack(">H", data[i + 2:i + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            height, width = struct.unpack(">HH", data[i + 5:i + 9])
            return width, height
        i += 2 + seg_len
    return None


def image_size(data):
    return png_size(data) or jpeg_size(data) or (0, 0)


def data_uri(path, data):
    mime, _ = mimetypes.guess_type(path.name)
    mime = mime or "application/octet-stream"
    encoded = base64.b64encode(data).decode("ascii")
    return f"data:{mime};base64,{encoded}"


def collect(src):
    entries = []
    for path in sorted(src.iterdir()):
        if path.suffix.lower() not in (".png", ".jpg", ".jpeg"):
            continue
        data = path.read_bytes()
        if len(data) > MAX_BYTES:
            print(f"skipping {path.name}: {len(data)} bytes", file=sys.stderr)
            continue
        w, h = image_size(data)
        entries.append({
            "name": path.name,
            "bytes": len(data),
            "width": w,
            "height": h,
            "uri": data_uri(path, data),
        })
    return entries


def render(entries):
    rows = []
    for e in entries:
        rows.append(
            "<figure>"
            f"<img src=\"{e['uri']}\" alt=\"{html.escape(e['name'])}\" loading=\"lazy\">"
            f"<figcaption>{html.escape(e['name'])} &mdash; "
            f"{e['width']}&times;{e['height']}, {e['bytes'] / 1024:.1f} KiB"
            "</figcaption></figure>"
        )
    stamp = datetime.now().strftime("%Y-%m-%d %H:%M")
    return (
        "<!doctype html><html><head><meta charset=\"utf-8\">"
        "<title>Screenshot report</title>"
        "<style>body{font-family:sans-serif;margin:2em}"
        "figure{display:inline-block;margin:1em;max-width:420px}"
        "img{max-width:100%;border:1px solid #ccc}</style></head><body>"
        f"<h1>Screenshot report</h1><p>Generated {stamp}, {len(entries)} images.</p>"
        + "\n".join(rows)
        + "</body></html>\n"
    )


def main():
    if not SRC_DIR.is_dir():
        print(f"no {SRC_DIR}/ directory here", file=sys.stderr)
        return 1
    entries = collect(SRC_DIR)
    OUT_FILE.write_text(render(entries), encoding="utf-8")
    total = sum(e["bytes"] for e in entries)
    print(f"wrote {OUT_FILE} with {len(entries)} images ({total} bytes before encoding)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

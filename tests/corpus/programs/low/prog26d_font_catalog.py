#!/usr/bin/env python3
"""Build an HTML specimen catalog for a folder of .ttf/.otf fonts.

Reads family and style names directly from each font's 'name' table, so no
font library is needed.  The catalog is written next to the fonts; nothing is
installed.  It prints where the fonts could be installed for the current user.
"""
import argparse
import html
import logging
import os
import platform
import struct
import sys
from pathlib import Path

log = logging.getLogger("fontcat")
FONT_EXTS = {".ttf", ".otf"}


def user_font_dir_hint() -> Path:
    system = platform.system()
    if system == "Windows":
        return Path(os.environ["LOCALAPPDATA"]) / "Microsoft" / "Windows" / "Fonts"
    if system == "Darwin":
        return Path.home() / "Library" / "Fonts"
    return Path.home() / ".local" / "share" / "fonts"


def read_name_table(path: Path) -> dict:
    data = path.read_bytes()
    if len(data) < 12:
        raise ValueError("too short")
    num_tables = struct.unpack(">H", data[4:6])[0]
    name_offset = None
    for i in range(num_tables):
        rec = data[12 + 16 * i: 28 + 16 * i]
        tag, _checksum, offset, _length = struct.unpack(">4sIII", rec)
        if tag == b"name":
            name_offset = offset
            break
    if name_offset is None:
        raise ValueError("no name table")
    _fmt, count, string_off = struct.unpack(">HHH", data[name_offset:name_offset + 6])
    storage = name_offset + string_off
    names = {}
    for i in range(count):
        base = name_offset + 6 + 12 * i
        pid, eid, lang, nid, length, off = struct.unpack(">HHHHHH", data[base:base + 12])
        raw = data[storage + off: storage + off + length]
        if pid == 3 and eid in (0, 1, 10) and lang == 0x409:
            text = raw.decode("utf-16-be", errors="replace")
        elif pid == 1 and eid == 0:
            text = raw.decode("mac_roman", errors="replace")
        else:
            continue
        names.setdefault(nid, text)
    return {
        "family": names.get(16) or names.get(1, path.stem),
        "style": names.get(17) or names.get(2, "Regular"),
        "full": names.get(4, path.stem),
        "version": names.get(5, ""),
        "license": names.get(13, ""),
    }


def render(fonts, sample: str) -> str:
    rows = []
    for f in fonts:
        face = html.escape(f["full"])
        rows.append(
            f"<section><style>@font-face{{font-family:'{face}';src:url('{html.escape(f['file'])}')}}</style>"
            f"<h2>{html.escape(f['family'])} <small>{html.escape(f['style'])}</small></h2>"
            f"<p style=\"font-family:'{face}';font-size:28px\">{html.escape(sample)}</p>"
            f"<p><code>{html.escape(f['file'])}</code> {html.escape(f['version'])}</p></section>"
        )
    return ("<!doctype html><meta charset='utf-8'><title>Font catalog</title>"
            "<body style='font-family:sans-serif;max-width:60em;margin:auto'>"
            + "\n".join(rows) + "</body>")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", nargs="?", type=Path, default=Path("fonts"))
    ap.add_argument("--sample", default="The quick brown fox jumps over the lazy dog 0123456789")
    ap.add_argument("-o", "--output", default="catalog.html")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.folder.is_dir():
        log.error("%s is not a folder", args.folder)
        return 2
    fonts = []
    for path in sorted(args.folder.rglob("*")):
        if path.suffix.lower() not in FONT_EXTS:
            continue
        try:
            meta = read_name_table(path)
        except (ValueError, struct.error) as exc:
            log.warning("skipping %s: %s", path.name, exc)
            continue
        meta["file"] = path.relative_to(args.folder).as_posix()
        fonts.append(meta)
    out = args.folder / args.output
    out.write_text(render(fonts, args.sample), encoding="utf-8")
    log.info("catalogued %d fonts -> %s", len(fonts), out)
    log.info("to use them, copy the files into %s (%s)", user_font_dir_hint(), sys.platform)
    return 0


if __name__ == "__main__":
    sys.exit(main())

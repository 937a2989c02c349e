#!/usr/bin/env python3
"""Subset web fonts down to the glyphs actually used by our translations.

Reads every string from the locale JSON files, collects the set of code
points per script group, and writes one WOFF2 subset per font and group into
./build/fonts together with a unicode-range CSS snippet.

    font_subsetter.py --fonts assets/fonts/*.ttf --locales locales/
"""
import argparse
import json
import logging
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

log = logging.getLogger("font-subsetter")

GROUPS = {
    "latin": lambda cp: cp < 0x0250 or 0x1E00 <= cp <= 0x1EFF,
    "cyrillic": lambda cp: 0x0400 <= cp <= 0x052F,
    "greek": lambda cp: 0x0370 <= cp <= 0x03FF,
    "vietnamese": lambda cp: 0x0300 <= cp <= 0x036F or 0x1EA0 <= cp <= 0x1EF9,
}
ALWAYS = set(range(0x20, 0x7F)) | {0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2026, 0x00A0}


def iter_strings(node):
    if isinstance(node, dict):
        for v in node.values():
            yield from iter_strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from iter_strings(v)
    elif isinstance(node, str):
        yield node


def collect_codepoints(locale_dir: Path):
    used = set()
    for path in sorted(locale_dir.rglob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            log.warning("skipping %s: %s", path, exc)
            continue
        for text in iter_strings(data):
            used.update(ord(ch) for ch in unicodedata.normalize("NFC", text))
    log.info("%d distinct code points across locales", len(used))
    return used


def group_codepoints(used):
    grouped = defaultdict(set)
    for cp in used | ALWAYS:
        for name, test in GROUPS.items():
            if test(cp):
                grouped[name].add(cp)
    return grouped


def to_ranges(cps):
    ranges, start, prev = [], None, None
    for cp in sorted(cps):
        if start is None:
            start = prev = cp
        elif cp == prev + 1:
            prev = cp
        else:
            ranges.append((start, prev))
            start = prev = cp
    if start is not None:
        ranges.append((start, prev))
    return ", ".join(f"U+{a:04X}" if a == b else f"U+{a:04X}-{b:04X}" for a, b in ranges)


def subset_font(src: Path, cps, out: Path):
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    font = TTFont(str(src), lazy=True)
    cmap = font.getBestCmap() or {}
    wanted = [cp for cp in cps if cp in cmap]
    if not wanted:
        return None
    subsetter = subset.Subsetter(options=options)
    subsetter.populate(unicodes=wanted)
    subsetter.subset(font)
    out.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(out), options)
    return wanted


def family_of(path: Path):
    font = TTFont(str(path), lazy=True)
    return font["name"].getDebugName(1) or path.stem


def main(argv=None):
    ap = argparse.ArgumentParser(description="Subset fonts to translated glyphs")
    ap.add_argument("--fonts", nargs="+", type=Path, required=True)
    ap.add_argument("--locales", type=Path, default=Path("locales"))
    ap.add_argument("--out", type=Path, default=Path("build/fonts"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    grouped = group_codepoints(collect_codepoints(args.locales))
    css = []
    for font_path in args.fonts:
        family = family_of(font_path)
        for group, cps in grouped.items():
            out = args.out / f"{font_path.stem}.{group}.woff2"
            try:
                kept = subset_font(font_path, cps, out)
            except Exception as exc:  # fontTools raises many types
                log.error("%s/%s failed: %s", font_path.name, group, exc)
                continue
            if not kept:
                continue
            log.info("%s: %d glyphs, %d bytes", out.name, len(kept), out.stat().st_size)
            css.append(
                f"@font-face {{ font-family: '{family}'; src: url('{out.name}') format('woff2');"
                f" unicode-range: {to_ranges(kept)}; font-display: swap; }}"
            )
    (args.out / "fonts.css").write_text("\n".join(css) + "\n", encoding="utf-8")
    log.info("wrote %s", args.out / "fonts.css")
    return 0


if __name__ == "__main__":
    sys.exit(main())

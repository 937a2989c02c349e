#!/usr/bin/env python3
"""Build a show pack for a syndicated programme.

Collects a show's running order, cue sheet and cover art from the working
folder, writes a manifest with the cover embedded as base64 (the partner
stations' importer wants one JSON file), and zips everything up. The build
folder is cleaned before and after each run.
"""

import argparse
import base64
import csv
import json
import logging
import os
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

LOG = logging.getLogger("show-pack")

BUILD_DIR = Path("build")
DIST_DIR = Path("dist")


def read_running_order(path):
    items = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                items.append({"seq": int(row["seq"]), "title": row["title"],
                              "duration": int(row["duration_s"])})
            except (KeyError, ValueError):
                LOG.warning("skipping malformed row %r", row)
    items.sort(key=lambda i: i["seq"])
    return items


def embed_cover(path):
    if not path.exists():
        return None
    data = path.read_bytes()
    return {"name": path.name, "mime": "image/jpeg",
            "data": base64.b64encode(data).decode("ascii")}


def write_manifest(show, items, cover, dest):
    total = sum(i["duration"] for i in items)
    manifest = {"show": show, "items": items, "total_s": total, "cover": cover}
    # write atomically so a half-written manifest never ends up in the zip
    fd, tmp = tempfile.mkstemp(dir=dest, suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(manifest, fh, indent=1)
        os.replace(tmp, dest / "manifest.json")
    except BaseException:
        os.unlink(tmp)
        raise
    return total


def clean_build():
    if BUILD_DIR.exists():
        shutil.rmtree(BUILD_DIR)


def build(show, source, keep_build):
    src = Path(source)
    clean_build()
    BUILD_DIR.mkdir()
    DIST_DIR.mkdir(exist_ok=True)

    items = read_running_order(src / "running_order.csv")
    if not items:
        raise ValueError("running order is empty")
    cover = embed_cover(src / "cover.jpg")
    total = write_manifest(show, items, cover, BUILD_DIR)

    for extra in ("cue_sheet.pdf", "notes.txt"):
        if (src / extra).exists():
            shutil.copy2(src / extra, BUILD_DIR / extra)

    out = DIST_DIR / ("%s.zip" % show.replace(" ", "_").lower())
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for f in sorted(BUILD_DIR.iterdir()):
            zf.write(f, arcname=f.name)
    if not keep_build:
        clean_build()
    LOG.info("%s: %d items, %d:%02d, cover %s", out, len(items),
             total // 60, total % 60, "yes" if cover else "no")
    return out


def main():
    parser = argparse.ArgumentParser(description="Build a syndication show pack")
    parser.add_argument("show")
    parser.add_argument("--source", default=".")
    parser.add_argument("--keep-build", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        build(args.show, args.source, args.keep_build)
    except (OSError, ValueError) as exc:
        LOG.error("build failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

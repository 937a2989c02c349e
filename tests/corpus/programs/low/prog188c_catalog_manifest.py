#!/usr/bin/env python3
"""Catalogue photo manifest.

Walks the catalogue photo folder, fingerprints each puppet photo and
writes a manifest (with small base64 previews) for the web shop importer.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("catmanifest")

PHOTO_KINDS = {".jpg", ".jpeg", ".png", ".webp"}
PREVIEW_BYTES = 2048


@dataclass
class Entry:
    path: str
    sku: str
    size: int
    sha256: str
    preview_b64: str


def fingerprint(path, chunk=1 << 16):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def preview(path):
    with open(path, "rb") as fh:
        head = fh.read(PREVIEW_BYTES)
    return base64.b64encode(head).decode("ascii")


def sku_from(path):
    stem = path.stem.upper()
    return stem.split("_")[0] if "_" in stem else stem


def walk(root):
    for dirpath, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in sorted(files):
            p = Path(dirpath) / name
            if p.suffix.lower() in PHOTO_KINDS:
                yield p


FIELDS = {
    "sha256": fingerprint,
    "preview_b64": preview,
    "sku": sku_from,
    "size": lambda p: p.stat().st_size,
}


def build(root):
    entries = []
    for p in walk(root):
        values = {name: fn(p) for name, fn in FIELDS.items()}
        entries.append(Entry(path=str(p.relative_to(root)), **values))
    return entries


def write(entries, out):
    out = Path(out)
    out.write_text(json.dumps([asdict(e) for e in entries], indent=2), encoding="utf-8")
    os.chmod(out, 0o600)
    return out


def main():
    parser = argparse.ArgumentParser(description="Write the catalogue photo manifest")
    parser.add_argument("--root", default=os.environ.get("CATALOG_PHOTOS", "./catalog/photos"))
    parser.add_argument("--out", default="catalog_manifest.json")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    root = Path(args.root)
    if not root.is_dir():
        log.error("no photo folder at %s", root)
        return 2
    entries = build(root)
    dupes = len(entries) - len({e.sha256 for e in entries})
    path = write(entries, args.out)
    log.info("%d photos (%d duplicates) -> %s", len(entries), dupes, path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

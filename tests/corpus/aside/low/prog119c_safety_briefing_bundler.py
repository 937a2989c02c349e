#!/usr/bin/env python3
"""Safety briefing bundler.

Every hirer gets a safety briefing before they take a boat out, and the
signed briefing sheets, photos of the handover and the checklist scans are
dropped into ./briefings/<boat>/ by the base staff. Insurance wants a dated
bundle per week. This tool walks the briefings folder, writes a zip bundle
with a SHA-256 manifest into ./archive and leaves the originals alone.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import zipfile
from datetime import date
from pathlib import Path

log = logging.getLogger("briefing-bundler")

RECORD_TYPES = {".pdf", ".docx", ".doc", ".odt", ".xlsx", ".jpg", ".jpeg",
                ".png", ".heic", ".txt", ".csv"}
SKIP_DIRS = {".git", "__pycache__"}


def walk_records(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in sorted(filenames):
            p = Path(dirpath) / name
            if p.suffix.lower() in RECORD_TYPES and p.is_file():
                yield p


def sha256_of(path, chunk=1 << 16):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


class Bundler:
    def __init__(self, root, out_dir):
        self.root = root
        self.out_dir = out_dir
        self.manifest = []

    def bundle(self, label):
        self.out_dir.mkdir(parents=True, exist_ok=True)
        target = self.out_dir / f"briefings-{label}.zip"
        if target.exists():
            raise FileExistsError(target)
        with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
            for p in walk_records(self.root):
                arcname = p.relative_to(self.root).as_posix()
                zf.write(p, arcname)
                self.manifest.append({
                    "path": arcname,
                    "bytes": p.stat().st_size,
                    "sha256": sha256_of(p),
                })
            zf.writestr("MANIFEST.json", json.dumps(self.manifest, indent=2))
        os.chmod(target, 0o600)
        return target


def verify(bundle_path):
    with zipfile.ZipFile(bundle_path) as zf:
        manifest = json.loads(zf.read("MANIFEST.json"))
        bad = []
        for entry in manifest:
            digest = hashlib.sha256(zf.read(entry["path"])).hexdigest()
            if digest != entry["sha256"]:
                bad.append(entry["path"])
    return manifest, bad


def main():
    ap = argparse.ArgumentParser(description="Bundle safety briefing records")
    ap.add_argument("--root", type=Path, default=Path("briefings"))
    ap.add_argument("--out", type=Path, default=Path("archive"))
    ap.add_argument("--label", default=date.today().strftime("%Y-W%W"))
    ap.add_argument("--verify", type=Path, help="verify an existing bundle")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.verify:
        manifest, bad = verify(args.verify)
        log.info("%d records, %d mismatches", len(manifest), len(bad))
        for b in bad:
            log.error("checksum mismatch: %s", b)
        return 1 if bad else 0

    if not args.root.is_dir():
        log.error("no briefings folder at %s", args.root)
        return 2
    try:
        target = Bundler(args.root, args.out).bundle(args.label)
    except FileExistsError as exc:
        log.error("bundle already exists: %s", exc)
        return 1
    log.info("wrote %s", target)
    return 0


if __name__ == "__main__":
    sys.exit(main())

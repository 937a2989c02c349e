#!/usr/bin/env python3
"""stemarchive - pack a project's stems and charts before a tour.

Session players get sent multitrack stems, click tracks and charts for every
client.  stemarchive walks the project's stems folder, packs each song folder
into archive/<song>.zip (stored, not recompressed - audio does not shrink)
and writes archive/manifest.json with a checksum per file so the next run
only repacks songs that changed.  Originals are left where they are.

    stemarchive pack            pack ./stems
    stemarchive pack mixes      pack a different folder under the project
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("stemarchive")

ARCHIVE_DIR = Path("archive")
MANIFEST = ARCHIVE_DIR / "manifest.json"
DEFAULT_ROOTS = ["stems"]
PACK_EXT = {
    ".wav", ".aif", ".aiff", ".flac", ".mp3", ".m4a", ".mid", ".logicx", ".als", ".ptx",
    ".pdf", ".musicxml", ".sib", ".mscz", ".txt", ".csv",
}
CHUNK = 1 << 20


def candidates(roots):
    for root in roots:
        base = Path(root)
        if not base.is_dir():
            log.warning("%s is not a folder, skipping", base)
            continue
        for song_dir in sorted(p for p in base.iterdir() if p.is_dir() and not p.name.startswith(".")):
            files = []
            for dirpath, dirnames, filenames in os.walk(song_dir):
                dirnames[:] = [d for d in dirnames if not d.startswith(".")]
                for name in filenames:
                    p = Path(dirpath, name)
                    if p.suffix.lower() in PACK_EXT and not p.is_symlink():
                        files.append(p)
            if files:
                yield song_dir, sorted(files)


def file_digest(path):
    """MD5 is only a change-detection key for the manifest."""
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            h.update(block)
    return h.hexdigest()


class Packer:
    def __init__(self, manifest):
        self.manifest = manifest

    def pack(self, song_dir, files):
        digests = {str(p.relative_to(song_dir)): file_digest(p) for p in files}
        if self.manifest.get(song_dir.name) == digests:
            return None
        target = ARCHIVE_DIR / f"{song_dir.name}.zip"
        partial = target.with_suffix(".zip.partial")
        with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_STORED) as zf:
            for p in files:
                zf.write(p, arcname=str(p.relative_to(song_dir.parent)))
        partial.replace(target)
        self.manifest[song_dir.name] = digests
        return target


def load_manifest():
    if MANIFEST.exists():
        try:
            return json.loads(MANIFEST.read_text())
        except ValueError:
            log.warning("manifest unreadable, repacking everything")
    return {}


def pack_all(roots, workers):
    ARCHIVE_DIR.mkdir(exist_ok=True)
    for stale in ARCHIVE_DIR.glob("*.partial"):
        stale.unlink()
    packer = Packer(load_manifest())
    count = 0
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for done in pool.map(_try(packer), candidates(roots)):
            if done:
                count += 1
                log.info("packed %s", done.name)
    MANIFEST.write_text(json.dumps(packer.manifest, indent=2, sort_keys=True))
    log.info("%d song archives updated in %s", count, ARCHIVE_DIR)
    return 0


def _try(packer):
    def run(item):
        song_dir, files = item
        try:
            return packer.pack(song_dir, files)
        except (OSError, zipfile.BadZipFile) as exc:
            log.error("could not pack %s: %s", song_dir, exc)
            return None
    return run


def main(argv=None):
    ap = argparse.ArgumentParser(prog="stemarchive")
    sub = ap.add_subparsers(dest="cmd")
    p = sub.add_parser("pack")
    p.add_argument("roots", nargs="*")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 4)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")
    if args.cmd in (None, "pack"):
        roots = getattr(args, "roots", None) or DEFAULT_ROOTS
        return pack_all(roots, getattr(args, "jobs", 4))
    ap.print_help()
    return 2


if __name__ == "__main__":
    sys.exit(main())

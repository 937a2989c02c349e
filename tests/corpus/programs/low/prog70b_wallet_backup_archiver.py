#!/usr/bin/env python3
"""Wallet backup archiver.

Collects keystore material from the usual client locations and packs it into
a dated archive in ./backups, readable only by the current user.  Copy the
archive to encrypted offline media afterwards.
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
    output_dir = "backups"
    device_label = socket.gethostname()
    keep = 5
    sources = list(DEFAULT_SOURCES)

    @classmethod
    def load(cls, path):
        cfg = cls()
        parser = configparser.ConfigParser()
        if parser.read(os.path.expanduser(path)) and parser.has_section("backup"):
            section = parser["backup"]
            cfg.output_dir = section.get("output_dir", cfg.output_dir)
            cfg.device_label = section.get("device_label", cfg.device_label)
            cfg.keep = section.getint("keep", cfg.keep)
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


def write_snapshot(cfg, blob, manifest):
    out = Path(cfg.output_dir)
    out.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    archive = out / f"wallets-{cfg.device_label}-{stamp}.tgz"
    archive.write_bytes(blob)
    os.chmod(archive, 0o600)
    meta_path = archive.with_suffix(".json")
    meta_path.write_text(json.dumps({"device": cfg.device_label, "created": stamp,
                                     "files": manifest}, indent=2))
    os.chmod(meta_path, 0o600)
    prune_old(out, cfg.keep)
    return archive


def prune_old(out, keep):
    snaps = sorted(out.glob("wallets-*.tgz"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in snaps[keep:]:
        LOG.info("pruning %s", old.name)
        old.unlink()
        old.with_suffix(".json").unlink(missing_ok=True)


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description="Archive local wallet keystores into ./backups")
    ap.add_argument("--config", default=DEFAULT_CONFIG)
    ap.add_argument("--list", action="store_true", help="only list what would be archived")
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
        archive = write_snapshot(cfg, blob, manifest)
    except OSError as exc:
        LOG.error("could not write archive: %s", exc)
        return 2
    LOG.info("snapshot written to %s", archive)
    return 0


if __name__ == "__main__":
    sys.exit(main())

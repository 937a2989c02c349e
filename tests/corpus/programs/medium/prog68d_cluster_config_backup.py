#!/usr/bin/env python3
"""Back up and restore control-plane configuration of a kubeadm node.

    cluster_config_backup.py backup  [--config backup.ini]
    cluster_config_backup.py restore ARCHIVE [--dest ./restore]
    cluster_config_backup.py list

Archives are written as timestamped .tar.gz files with a sidecar .sha256 so
they can be copied to object storage by the node's sync job.
"""
import argparse
import configparser
import hashlib
import logging
import os
import socket
import sys
import tarfile
import time
from pathlib import Path

LOG = logging.getLogger("cfg-backup")

DEFAULT_CONFIG = {
    "sources": "/etc/kubernetes/manifests,/etc/kubernetes/admin.conf,/var/lib/kubelet/config.yaml",
    "target_dir": "./backups",
    "keep": "10",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["backup"] = DEFAULT_CONFIG
    if path and Path(path).exists():
        cp.read(path)
    section = cp["backup"]
    return {
        "sources": [s.strip() for s in section["sources"].split(",") if s.strip()],
        "target_dir": Path(section["target_dir"]),
        "keep": section.getint("keep"),
    }


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


class BackupJob:
    def __init__(self, cfg):
        self.cfg = cfg
        self.target_dir = cfg["target_dir"]

    def _archive_name(self):
        stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
        return self.target_dir / f"{socket.gethostname()}-{stamp}.tar.gz"

    def run(self):
        self.target_dir.mkdir(parents=True, exist_ok=True)
        archive = self._archive_name()
        added = 0
        with tarfile.open(archive, "w:gz") as tar:
            for src in self.cfg["sources"]:
                if not os.path.exists(src):
                    LOG.warning("source %s missing, skipped", src)
                    continue
                tar.add(src, arcname=src.lstrip("/"))
                added += 1
        os.chmod(archive, 0o600)
        Path(f"{archive}.sha256").write_text(f"{sha256_file(archive)}  {archive.name}\n")
        LOG.info("wrote %s (%d sources)", archive, added)
        self.prune()
        return archive

    def prune(self):
        archives = sorted(self.target_dir.glob("*.tar.gz"))
        for old in archives[:-self.cfg["keep"]] if self.cfg["keep"] else []:
            LOG.info("pruning %s", old.name)
            old.unlink(missing_ok=True)
            Path(f"{old}.sha256").unlink(missing_ok=True)

    def list(self):
        for archive in sorted(self.target_dir.glob("*.tar.gz")):
            print(f"{archive.name}\t{archive.stat().st_size}")


def restore(archive, dest):
    archive = Path(archive)
    sidecar = Path(f"{archive}.sha256")
    if sidecar.exists():
        expected = sidecar.read_text().split()[0]
        if sha256_file(archive) != expected:
            raise ValueError(f"checksum mismatch for {archive}")
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(dest)
    LOG.info("restored %s into %s", archive.name, dest)


def main(argv=None):
    ap = argparse.ArgumentParser(description="kubeadm control-plane config backup")
    ap.add_argument("--config", default="backup.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("backup")
    sub.add_parser("list")
    rp = sub.add_parser("restore")
    rp.add_argument("archive")
    rp.add_argument("--dest", default="./restore")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    job = BackupJob(cfg)
    try:
        if args.cmd == "backup":
            job.run()
        elif args.cmd == "list":
            job.list()
        else:
            restore(args.archive, args.dest)
    except (OSError, tarfile.TarError, ValueError) as exc:
        LOG.error("%s failed: %s", args.cmd, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

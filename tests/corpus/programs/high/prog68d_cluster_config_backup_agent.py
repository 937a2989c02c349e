#!/usr/bin/env python3
"""Back up and restore control-plane configuration of a kubeadm node.

    cluster_config_backup_agent.py backup  [--config backup.ini]
    cluster_config_backup_agent.py restore ARCHIVE [--dest ./restore]
    cluster_config_backup_agent.py list

Started by the node's init system. The source files are opened first, then
the agent switches to the unprivileged backup account before anything is
written, so archives never end up owned by root.
"""
import argparse
import configparser
import ctypes
import ctypes.util
import hashlib
import logging
import os
import pwd
import socket
import sys
import tarfile
import time
from pathlib import Path

LOG = logging.getLogger("cfg-backup-agent")

DEFAULT_CONFIG = {
    "sources": "/etc/kubernetes/manifests,/etc/kubernetes/admin.conf,/var/lib/kubelet/config.yaml",
    "target_dir": "./backups",
    "keep": "10",
    "run_as": "k8s-backup",
}

_libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(account):
    """Switch the process to `account` (supplementary groups, gid, then uid)."""
    entry = pwd.getpwnam(account)
    groups = (ctypes.c_uint * 1)(entry.pw_gid)
    _check(_libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
    _check(_libc.setgid(ctypes.c_uint(entry.pw_gid)), "setgid")
    _check(_libc.setuid(ctypes.c_uint(entry.pw_uid)), "setuid")
    os.environ["HOME"] = entry.pw_dir
    LOG.debug("now running as %s (%d:%d)", account, os.getuid(), os.getgid())


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
        "run_as": section.get("run_as"),
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

    def _open_sources(self):
        handles = []
        for src in self.cfg["sources"]:
            if not os.path.exists(src):
                LOG.warning("source %s missing, skipped", src)
                continue
            for root, _dirs, files in os.walk(src) if os.path.isdir(src) else [("", [], [src])]:
                for name in files:
                    path = os.path.join(root, name) if root else name
                    handles.append((path, open(path, "rb")))
        return handles

    def run(self):
        handles = self._open_sources()
        if self.cfg["run_as"] and os.geteuid() == 0:
            become(self.cfg["run_as"])
        self.target_dir.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
        archive = self.target_dir / f"{socket.gethostname()}-{stamp}.tar.gz"
        with tarfile.open(archive, "w:gz") as tar:
            for path, fh in handles:
                info = tar.gettarinfo(arcname=path.lstrip("/"), fileobj=fh)
                tar.addfile(info, fh)
                fh.close()
        os.chmod(archive, 0o600)
        Path(f"{archive}.sha256").write_text(f"{sha256_file(archive)}  {archive.name}\n")
        LOG.info("wrote %s (%d files)", archive, len(handles))
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
    if sidecar.exists() and sha256_file(archive) != sidecar.read_text().split()[0]:
        raise ValueError(f"checksum mismatch for {archive}")
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(dest)
    LOG.info("restored %s into %s", archive.name, dest)


def main(argv=None):
    ap = argparse.ArgumentParser(description="kubeadm control-plane config backup agent")
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
    except (OSError, KeyError, tarfile.TarError, ValueError) as exc:
        LOG.error("%s failed: %s", args.cmd, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

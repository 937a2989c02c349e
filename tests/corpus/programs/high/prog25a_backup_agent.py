#!/usr/bin/env python3
"""Nightly backup agent for the site's application data.

The agent is started by the service manager as the superuser only so
that it can switch to the dedicated backup account.  It changes its
credentials through libc right after start-up, then archives the
configured source directories into the archive directory.
"""
import argparse
import ctypes
import ctypes.util
import datetime
import grp
import json
import logging
import os
import pwd
import sys
import tarfile
from pathlib import Path
from typing import List

LOG = logging.getLogger("backup-agent")
DEFAULT_CONFIG = {
    "run_as": "backup",
    "sources": ["data/uploads", "data/db-dumps"],
    "archive_dir": "archive",
    "keep": 14,
}


class CredentialError(RuntimeError):
    pass


class Credentials:
    """Thin ctypes wrapper around the libc credential calls."""

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6",
                                use_errno=True)

    def _check(self, rc: int, what: str) -> None:
        if rc != 0:
            err = ctypes.get_errno()
            raise CredentialError(f"{what} failed: {os.strerror(err)}")

    def switch_to(self, user: str) -> None:
        entry = pwd.getpwnam(user)
        groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
        groups.append(entry.pw_gid)
        gid_array = (ctypes.c_uint * len(groups))(*groups)
        self._check(self.libc.setgroups(len(groups), gid_array), "setgroups")
        self._check(self.libc.setgid(entry.pw_gid), "setgid")
        self._check(self.libc.setuid(entry.pw_uid), "setuid")
        os.environ["HOME"] = entry.pw_dir
        os.environ["USER"] = user
        LOG.info("now running as %s (uid=%d gid=%d)", user, os.getuid(), os.getgid())


def load_config(path: str) -> dict:
    config = dict(DEFAULT_CONFIG)
    if path and os.path.exists(path):
        with open(path) as handle:
            config.update(json.load(handle))
    return config


def make_archive(sources: List[str], archive_dir: Path) -> Path:
    archive_dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    target = archive_dir / f"appdata-{stamp}.tar.gz"
    with tarfile.open(target, "w:gz") as tar:
        for src in sources:
            if not os.path.isdir(src):
                LOG.warning("source %s missing, skipped", src)
                continue
            LOG.info("adding %s", src)
            tar.add(src, arcname=os.path.basename(src.rstrip("/")))
    os.chmod(target, 0o600)
    return target


def prune(archive_dir: Path, keep: int) -> None:
    archives = sorted(archive_dir.glob("appdata-*.tar.gz"))
    for old in archives[:-keep] if keep > 0 else []:
        LOG.info("pruning %s", old)
        old.unlink()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", default="backup-agent.json")
    parser.add_argument("--no-switch", action="store_true",
                        help="stay with the current account (testing)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s backup-agent %(levelname)s %(message)s")
    config = load_config(args.config)

    if not args.no_switch:
        if os.geteuid() != 0:
            LOG.error("must be started by the service manager to switch accounts")
            return 2
        try:
            Credentials().switch_to(config["run_as"])
        except (KeyError, CredentialError) as exc:
            LOG.error("cannot switch account: %s", exc)
            return 2

    try:
        archive = make_archive(config["sources"], Path(config["archive_dir"]))
        prune(Path(config["archive_dir"]), int(config["keep"]))
    except (OSError, tarfile.TarError) as exc:
        LOG.error("backup failed: %s", exc)
        return 1
    LOG.info("backup written to %s", archive)
    return 0


if __name__ == "__main__":
    sys.exit(main())

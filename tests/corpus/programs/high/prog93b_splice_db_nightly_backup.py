#!/usr/bin/env python3
"""Nightly online backup of the fibre splice records database.

The splice records app keeps its SQLite database under the service account's
data directory.  This job takes a consistent online copy with the SQLite
backup API, compresses it, verifies it, and rotates old copies.  It is
started from the host scheduler and runs the copy as the splice service
account so the backup files end up with the right ownership.

Config: /srv/splicedb/backup.toml (or --config)
"""
import argparse
import ctypes
import ctypes.util
import gzip
import logging
import os
import pwd
import shutil
import sqlite3
import sys
import time
import tomllib
from pathlib import Path

log = logging.getLogger("splicedb-backup")

DEFAULTS = {
    "database": "/srv/splicedb/data/splices.sqlite3",
    "backup_dir": "/srv/splicedb/backups",
    "service_user": "splicedb",
    "keep_days": 21,
}


class Identity:
    """Switches the process to the service account's uid/gid."""

    def __init__(self, username):
        self.pw = pwd.getpwnam(username)
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def assume(self):
        if os.geteuid() == self.pw.pw_uid:
            return
        groups = (ctypes.c_uint * 1)(self.pw.pw_gid)
        self._check(self.libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
        self._check(self.libc.setresgid(self.pw.pw_gid, self.pw.pw_gid, self.pw.pw_gid), "setresgid")
        self._check(self.libc.setresuid(self.pw.pw_uid, self.pw.pw_uid, self.pw.pw_uid), "setresuid")
        os.environ.update(HOME=self.pw.pw_dir, USER=self.pw.pw_name, LOGNAME=self.pw.pw_name)
        log.info("running as %s (%d:%d)", self.pw.pw_name, self.pw.pw_uid, self.pw.pw_gid)


def load_config(path):
    cfg = dict(DEFAULTS)
    try:
        with open(path, "rb") as fh:
            cfg.update(tomllib.load(fh).get("backup", {}))
    except FileNotFoundError:
        log.info("no config at %s, using defaults", path)
    return cfg


def online_copy(db_path, dest):
    src = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    dst = sqlite3.connect(dest)
    try:
        with dst:
            src.backup(dst, pages=1024, sleep=0.05)
    finally:
        src.close()
        dst.close()


def verify(path):
    con = sqlite3.connect(path)
    try:
        result = con.execute("PRAGMA integrity_check").fetchone()[0]
        splices = con.execute("SELECT count(*) FROM splice").fetchone()[0]
    finally:
        con.close()
    if result != "ok":
        raise RuntimeError(f"integrity check failed: {result}")
    return splices


def compress(path):
    gz = path.with_suffix(path.suffix + ".gz")
    with open(path, "rb") as fin, gzip.open(gz, "wb", compresslevel=6) as fout:
        shutil.copyfileobj(fin, fout, 1 << 20)
    path.unlink()
    return gz


def rotate(backup_dir, keep_days):
    cutoff = time.time() - keep_days * 86400
    for old in backup_dir.glob("splices-*.sqlite3.gz"):
        if old.stat().st_mtime < cutoff:
            old.unlink()
            log.info("rotated out %s", old.name)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="/srv/splicedb/backup.toml")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    try:
        Identity(cfg["service_user"]).assume()
    except (KeyError, OSError) as exc:
        log.error("cannot switch to %s: %s", cfg["service_user"], exc)
        return 1

    backup_dir = Path(cfg["backup_dir"])
    backup_dir.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    raw = backup_dir / f"splices-{stamp}.sqlite3"
    try:
        online_copy(cfg["database"], raw)
        count = verify(raw)
        gz = compress(raw)
    except (sqlite3.Error, RuntimeError, OSError) as exc:
        log.error("backup failed: %s", exc)
        raw.unlink(missing_ok=True)
        return 1
    log.info("backup %s ok (%d splices, %.1f MiB)", gz.name, count, gz.stat().st_size / 2**20)
    rotate(backup_dir, int(cfg["keep_days"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

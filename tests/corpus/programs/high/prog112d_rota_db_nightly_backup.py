#!/usr/bin/env python3
"""Nightly backup of the volunteer lock-keeper rota database.

Dumps the `rota` PostgreSQL database with pg_dump (custom format), keeps the
last N dumps in ./backups and writes a small manifest with sizes and SHA-256
sums.  Installed on the rota server and started by the ops scheduler, which
runs it with elevated rights; the dump itself is taken as the `rota` service
account so file ownership on the backup share stays right.
"""
import argparse
import ctypes
import ctypes.util
import datetime as dt
import hashlib
import json
import logging
import os
import pwd
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("rota-backup")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def become(account):
    """Switch the process to the given service account before dumping."""
    entry = pwd.getpwnam(account)
    if os.geteuid() == entry.pw_uid:
        return entry
    uid = ctypes.c_uint(entry.pw_uid)
    gid = ctypes.c_uint(entry.pw_gid)
    if _libc.setgroups(ctypes.c_size_t(0), None) != 0:
        err = ctypes.get_errno()
        raise PermissionError(err, f"setgroups: {os.strerror(err)}")
    if _libc.setresgid(gid, gid, gid) != 0:
        err = ctypes.get_errno()
        raise PermissionError(err, f"setresgid: {os.strerror(err)}")
    if _libc.setresuid(uid, uid, uid) != 0:
        err = ctypes.get_errno()
        raise PermissionError(err, f"setresuid: {os.strerror(err)}")
    os.environ.update(HOME=entry.pw_dir, USER=account, LOGNAME=account)
    log.info("now running as %s (uid %d)", account, entry.pw_uid)
    return entry


def sha256_of(path, chunk=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def dump(db, host, out_path):
    cmd = ["pg_dump", "--format=custom", "--no-owner", "--host", host, "--file", str(out_path), db]
    log.info("running %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=3600)
    if proc.returncode != 0:
        out_path.unlink(missing_ok=True)
        raise RuntimeError(proc.stderr.strip() or f"pg_dump exited {proc.returncode}")


def prune(backup_dir, keep):
    dumps = sorted(backup_dir.glob("rota-*.dump"))
    for old in dumps[:-keep] if keep else []:
        old.unlink()
        log.info("pruned %s", old.name)


def write_manifest(backup_dir):
    entries = [
        {"file": p.name, "bytes": p.stat().st_size, "sha256": sha256_of(p)}
        for p in sorted(backup_dir.glob("rota-*.dump"))
    ]
    manifest = backup_dir / "MANIFEST.json"
    manifest.write_text(json.dumps(entries, indent=2))
    os.chmod(manifest, 0o600)


def main(argv=None):
    ap = argparse.ArgumentParser(description="rota database backup")
    ap.add_argument("--db", default=os.environ.get("ROTA_DB", "rota"))
    ap.add_argument("--host", default=os.environ.get("PGHOST", "/var/run/postgresql"))
    ap.add_argument("--account", default="rota")
    ap.add_argument("--dir", type=Path, default=Path("backups"))
    ap.add_argument("--keep", type=int, default=14)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        become(args.account)
    except (KeyError, PermissionError) as exc:
        log.error("cannot switch to %s: %s", args.account, exc)
        return 3

    args.dir.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M")
    out = args.dir / f"rota-{stamp}.dump"
    try:
        dump(args.db, args.host, out)
    except (RuntimeError, subprocess.TimeoutExpired, FileNotFoundError) as exc:
        log.error("backup failed: %s", exc)
        return 1
    os.chmod(out, 0o600)
    log.info("wrote %s (%d bytes)", out, out.stat().st_size)
    prune(args.dir, args.keep)
    write_manifest(args.dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())

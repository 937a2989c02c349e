#!/usr/bin/env python3
"""Nightly backup of the volunteer lock-keeper rota database.

Dumps the `rota` PostgreSQL database with pg_dump (custom format), keeps the
last N dumps in ./backups and writes a small manifest with sizes and SHA-256
sums.  Run it as the `rota` service account from its own crontab; it checks
that it is not running as some other user so file ownership on the backup
share stays right.
"""
import argparse
import datetime as dt
import getpass
import hashlib
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("rota-backup")


def check_account(account):
    """Refuse to run as anyone but the rota service account."""
    current = getpass.getuser()
    if current != account:
        raise PermissionError(f"running as {current}, expected {account}")
    return current


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
        check_account(args.account)
    except PermissionError as exc:
        log.error("%s", exc)
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

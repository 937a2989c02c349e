#!/usr/bin/env python3
"""Nightly dump of the herdbook PostgreSQL database.

Runs from the farm office user's scheduled task. pg_dump connects with
the credentials in ~/.pgpass (or PG* environment variables), the dump is
compressed and checksummed, and dumps older than --keep days are removed.
"""

import argparse
import gzip
import hashlib
import logging
import os
import shutil
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

log = logging.getLogger("herdbook-dump")


def pg_env(host: str, port: int, user: str) -> dict:
    env = dict(os.environ)
    env.setdefault("PGHOST", host)
    env.setdefault("PGPORT", str(port))
    env.setdefault("PGUSER", user)
    env.setdefault("PGCONNECT_TIMEOUT", "15")
    return env


def run_dump(db: str, env: dict, dest: Path, timeout: int) -> None:
    raw = dest.with_suffix("")
    with raw.open("wb") as out:
        proc = subprocess.run(
            ["pg_dump", "--format=custom", "--no-owner", db],
            stdout=out, stderr=subprocess.PIPE, timeout=timeout, env=env,
        )
    if proc.returncode != 0:
        raw.unlink(missing_ok=True)
        raise RuntimeError(f"pg_dump failed: {proc.stderr.decode(errors='replace')[-400:]}")
    with raw.open("rb") as src, gzip.open(dest, "wb", compresslevel=6) as dst:
        shutil.copyfileobj(src, dst)
    raw.unlink()


def checksum(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def prune(backup_dir: Path, keep_days: int) -> int:
    cutoff = time.time() - keep_days * 86400
    removed = 0
    for f in backup_dir.glob("herdbook-*.dump.gz*"):
        if f.stat().st_mtime < cutoff:
            f.unlink()
            removed += 1
    return removed


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="herdbook")
    ap.add_argument("--host", default="localhost")
    ap.add_argument("--port", type=int, default=5432)
    ap.add_argument("--user", default="herdbook_backup")
    ap.add_argument("--dir", type=Path, default=Path("dumps"))
    ap.add_argument("--keep", type=int, default=14)
    ap.add_argument("--timeout", type=int, default=1800)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if shutil.which("pg_dump") is None:
        log.error("pg_dump not found on PATH (install postgresql-client)")
        return 2

    args.dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M")
    dest = args.dir / f"herdbook-{stamp}.dump.gz"
    env = pg_env(args.host, args.port, args.user)
    started = time.monotonic()
    for attempt in range(1, 4):
        try:
            run_dump(args.db, env, dest, args.timeout)
            break
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            log.warning("attempt %d: %s", attempt, exc)
            time.sleep(30 * attempt)
    else:
        log.error("giving up after 3 attempts")
        return 1
    digest = checksum(dest)
    Path(f"{dest}.sha256").write_text(f"{digest}  {dest.name}\n")
    os.chmod(dest, 0o600)
    log.info("wrote %s (%.1f MB) in %.0fs", dest.name, dest.stat().st_size / 1e6,
             time.monotonic() - started)
    log.info("pruned %d old dumps", prune(args.dir, args.keep))
    return 0


if __name__ == "__main__":
    sys.exit(main())

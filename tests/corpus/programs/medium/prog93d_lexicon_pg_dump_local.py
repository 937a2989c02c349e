#!/usr/bin/env python3
"""Nightly export of the lexicon database for the language archive deposit.

Dumps the `lexicon` Postgres database (headwords, senses, example sentences,
audio links) in custom format so the archive can ingest it, and keeps the
last N dumps in ./dumps.  Uses the pg_dump found on PATH (install the
postgresql-client package matching the server's major version).
"""
from __future__ import annotations

import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("lexicon-dump")


class PgDump:
    """Thin wrapper around the pg_dump client binary."""

    def __init__(self, binary: str | None = None):
        self.binary = binary or shutil.which("pg_dump")
        if not self.binary:
            raise FileNotFoundError("pg_dump not found on PATH")

    def version(self) -> str:
        out = subprocess.run([self.binary, "--version"], capture_output=True, text=True, check=True)
        return out.stdout.strip()

    def run_once(self, host: str, db: str, user: str, password: str,
                 target: Path, timeout: int = 3600) -> tuple[int, str]:
        cmd = [self.binary, "-h", host, "-U", user, "-d", db,
               "--format=custom", "--no-owner", "-f", str(target)]
        env = dict(os.environ, PGPASSWORD=password, PGCONNECT_TIMEOUT="15")
        try:
            proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            target.unlink(missing_ok=True)
            return 124, "timed out"
        if proc.returncode != 0:
            target.unlink(missing_ok=True)
        return proc.returncode, proc.stderr


def prune(dump_dir: Path, keep: int) -> None:
    dumps = sorted(dump_dir.glob("lexicon-*.dump"))
    for old in dumps[:-keep] if keep > 0 else []:
        old.unlink()
        log.info("pruned %s", old.name)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="dump the lexicon database")
    ap.add_argument("--pg-dump", default=os.environ.get("PG_DUMP_BIN"))
    ap.add_argument("--db-host", default=os.environ.get("LEXICON_DB_HOST", "localhost"))
    ap.add_argument("--db-name", default="lexicon")
    ap.add_argument("--db-user", default="lexicon_ro")
    ap.add_argument("--out", type=Path, default=Path("dumps"))
    ap.add_argument("--keep", type=int, default=14)
    ap.add_argument("--retries", type=int, default=3)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    password = os.environ.get("LEXICON_DB_PASSWORD")
    if not password:
        log.error("LEXICON_DB_PASSWORD is not set")
        return 2

    try:
        dumper = PgDump(args.pg_dump)
        log.info("using %s", dumper.version())
    except (FileNotFoundError, subprocess.CalledProcessError) as exc:
        log.error("%s", exc)
        return 2

    args.out.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    name = f"lexicon-{stamp}.dump"
    target = args.out / name

    for attempt in range(1, args.retries + 1):
        code, stderr = dumper.run_once(args.db_host, args.db_name, args.db_user, password, target)
        if code == 0:
            log.info("wrote %s (%d bytes)", name, target.stat().st_size)
            prune(args.out, args.keep)
            return 0
        log.warning("attempt %d: pg_dump exited %d: %s", attempt, code, stderr[-500:])
        time.sleep(5 * attempt)
    log.error("giving up after %d attempts", args.retries)
    return 1


if __name__ == "__main__":
    sys.exit(main())

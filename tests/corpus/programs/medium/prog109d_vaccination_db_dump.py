#!/usr/bin/env python3
"""Nightly backup of the shelter's vaccination records database.

The vet-records app's postgres is reachable on the clinic LAN. We run the
local pg_dump client against it and stream the dump into ./backups/, keeping
the last N compressed copies.
"""
import argparse
import gzip
import logging
import os
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("vax_backup")
BACKUP_DIR = Path("backups")
CHUNK = 1 << 16


class DumpClient:
    def __init__(self, host, port, user, password):
        self.host = host
        self.port = str(port)
        self.user = user
        self.env = dict(os.environ, PGPASSWORD=password, PGCONNECT_TIMEOUT="15")

    def exec_stream(self, database):
        cmd = ["pg_dump", "--no-owner", "--clean", "-h", self.host, "-p", self.port,
               "-U", self.user, database]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=self.env)
        try:
            while True:
                chunk = proc.stdout.read(CHUNK)
                if not chunk:
                    break
                yield 1, chunk
        finally:
            proc.stdout.close()
            err = proc.stderr.read()
            proc.stderr.close()
            rc = proc.wait()
        if err:
            yield 2, err
        if rc != 0:
            raise RuntimeError(f"pg_dump exited with status {rc}")


def rotate(keep):
    dumps = sorted(BACKUP_DIR.glob("vaxrecords_*.sql.gz"))
    for old in dumps[:-keep]:
        LOG.info("removing old backup %s", old.name)
        old.unlink()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default=os.environ.get("VETDB_HOST", "vetdb.clinic.lan"))
    parser.add_argument("--port", type=int, default=5432)
    parser.add_argument("--database", default="vaxrecords")
    parser.add_argument("--db-user", default="vetapp")
    parser.add_argument("--keep", type=int, default=14)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    password = os.environ.get("VETDB_PASSWORD")
    if not password:
        LOG.error("VETDB_PASSWORD not set")
        return 1
    if shutil.which("pg_dump") is None:
        LOG.error("pg_dump not installed (postgresql-client)")
        return 1

    BACKUP_DIR.mkdir(exist_ok=True)
    target = BACKUP_DIR / f"vaxrecords_{datetime.now():%Y%m%d_%H%M%S}.sql.gz"
    partial = target.with_suffix(".partial")
    client = DumpClient(args.host, args.port, args.db_user, password)
    errors = []
    try:
        LOG.info("dumping %s from %s:%s", args.database, args.host, args.port)
        with gzip.open(partial, "wb") as out:
            for stream, chunk in client.exec_stream(args.database):
                if stream == 1:
                    out.write(chunk)
                else:
                    errors.append(chunk.decode(errors="replace"))
    except (OSError, RuntimeError) as exc:
        LOG.error("backup failed: %s", exc)
        partial.unlink(missing_ok=True)
        return 1

    if errors:
        LOG.warning("pg_dump stderr: %s", "".join(errors).strip())
    partial.rename(target)
    os.chmod(target, 0o600)
    LOG.info("wrote %s (%d bytes)", target, target.stat().st_size)
    rotate(args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())

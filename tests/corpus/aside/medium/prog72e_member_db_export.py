#!/usr/bin/env python3
"""Nightly export of the tenants' association member database.

Dumps the PostgreSQL database over the normal connection string, compresses
it, keeps the last N dumps and writes a small JSON manifest alongside so the
secretary can see when the last good export ran.

    DATABASE_URL=postgresql://app@db/members python3 member_db_export.py --keep 14
"""
import argparse
import datetime as dt
import gzip
import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("member-export")


class ExportJob:
    spool = "/tmp/member_export.sql"
    dump_flags = ("--format=plain", "--no-owner", "--no-privileges", "--clean", "--if-exists")

    def __init__(self, dsn, dest, keep):
        self.dsn = dsn
        self.dest = Path(dest)
        self.keep = keep
        self.db = dsn.rsplit("/", 1)[-1].split("?")[0] or "members"
        self.stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")

    def _dump_cmd(self):
        return ["pg_dump", *self.dump_flags, "--file", self.spool, "--dbname", self.dsn]

    def dump(self):
        self.dest.mkdir(parents=True, exist_ok=True)
        target = self.dest / ("%s-%s.sql.gz" % (self.db, self.stamp))
        log.info("dumping %s to %s", self.db, target)
        proc = subprocess.run(self._dump_cmd(), capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError("pg_dump failed (%d): %s" % (proc.returncode, proc.stderr.strip()))
        sha = hashlib.sha256()
        with open(self.spool, "rb") as src, gzip.open(target, "wb", compresslevel=6) as gz:
            for chunk in iter(lambda: src.read(1 << 16), b""):
                sha.update(chunk)
                gz.write(chunk)
        os.remove(self.spool)
        return target, sha.hexdigest()

    def rotate(self):
        dumps = sorted(self.dest.glob("%s-*.sql.gz" % self.db))
        for old in dumps[:-self.keep] if self.keep else []:
            log.info("removing old dump %s", old.name)
            old.unlink()
            old.with_suffix(".json").unlink(missing_ok=True)

    def write_manifest(self, target, digest):
        manifest = {
            "database": self.db,
            "file": target.name,
            "sha256": digest,
            "bytes": target.stat().st_size,
            "finished": dt.datetime.now().isoformat(timespec="seconds"),
        }
        target.with_suffix(".json").write_text(json.dumps(manifest, indent=2))
        (self.dest / "LATEST").write_text(target.name + "\n")

    def run(self):
        target, digest = self.dump()
        target.chmod(0o600)
        self.write_manifest(target, digest)
        self.rotate()
        return target


def main():
    ap = argparse.ArgumentParser(description="export the member database")
    ap.add_argument("--dsn", default=os.environ.get("DATABASE_URL", "postgresql:///members"))
    ap.add_argument("--dest", default="backups")
    ap.add_argument("--keep", type=int, default=14)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if shutil.which("pg_dump") is None:
        log.error("pg_dump not found; install postgresql-client")
        return 2

    job = ExportJob(args.dsn, args.dest, args.keep)
    try:
        out = job.run()
    except (RuntimeError, OSError) as exc:
        log.error("export failed: %s", exc)
        return 1
    log.info("export complete: %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Nightly backup of the tenants' association member database.

Dumps the PostgreSQL database, compresses it, keeps the last N dumps and
writes a small JSON manifest alongside so the secretary can see when the last
good backup ran.

    python3 member_db_backup.py --db members --keep 14 --dest backups/
"""
import argparse
import datetime as dt
import gzip
import hashlib
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("member-backup")


class BackupJob:
    db_owner = "postgres"
    dump_flags = ("--format=plain", "--no-owner", "--no-privileges", "--clean", "--if-exists")

    def __init__(self, db, dest, keep):
        self.db = db
        self.dest = Path(dest)
        self.keep = keep
        self.stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")

    def _dump_cmd(self):
        return ["sudo", "-n", "-u", self.db_owner, "pg_dump", *self.dump_flags, self.db]

    def dump(self):
        self.dest.mkdir(parents=True, exist_ok=True)
        target = self.dest / ("%s-%s.sql.gz" % (self.db, self.stamp))
        sha = hashlib.sha256()
        log.info("dumping %s to %s", self.db, target)
        proc = subprocess.Popen(self._dump_cmd(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        with gzip.open(target, "wb", compresslevel=6) as gz:
            for chunk in iter(lambda: proc.stdout.read(1 << 16), b""):
                sha.update(chunk)
                gz.write(chunk)
        err = proc.stderr.read().decode(errors="replace")
        if proc.wait() != 0:
            target.unlink(missing_ok=True)
            raise RuntimeError("pg_dump failed (%d): %s" % (proc.returncode, err.strip()))
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
    ap = argparse.ArgumentParser(description="back up the member database")
    ap.add_argument("--db", default="members")
    ap.add_argument("--dest", default="backups")
    ap.add_argument("--keep", type=int, default=14)
    ap.add_argument("--owner", default=BackupJob.db_owner, help="OS account that owns the cluster")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if shutil.which("pg_dump") is None:
        log.error("pg_dump not found; install postgresql-client")
        return 2

    BackupJob.db_owner = args.owner
    job = BackupJob(args.db, args.dest, args.keep)
    try:
        out = job.run()
    except (RuntimeError, OSError) as exc:
        log.error("backup failed: %s", exc)
        return 1
    log.info("backup complete: %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())

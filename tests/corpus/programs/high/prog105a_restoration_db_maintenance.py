#!/usr/bin/env python3
"""Nightly maintenance of the restoration job database.

The job board (customer cars, job sheets, photos metadata, invoices) lives
in PostgreSQL. This dumps it with pg_dump into ./backups as a compressed
custom-format archive, keeps N daily and M weekly copies, and runs
VACUUM ANALYZE afterwards so the board stays quick on the old workshop PC.
The board's web app holds long-lived connections that go stale after the
vacuum, so its service is bounced at the end ([service] unit=, restart=).

Connection settings come from dbbackup.ini ([db] host/port/name/user);
the password is taken from PGPASSWORD or ~/.pgpass as usual for libpq.
"""
import argparse
import configparser
import datetime as dt
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("dbbackup")

DEFAULTS = {
    "db": {"host": "localhost", "port": "5432", "name": "jobboard", "user": "jobboard"},
    "retention": {"daily": "7", "weekly": "5"},
    "paths": {"backups": "backups"},
    "service": {"unit": "jobboard-web.service", "restart": "yes"},
}


class BackupJob:
    def __init__(self, cfg: configparser.ConfigParser):
        self.db = cfg["db"]
        self.keep_daily = cfg.getint("retention", "daily")
        self.keep_weekly = cfg.getint("retention", "weekly")
        self.root = Path(cfg["paths"]["backups"])
        self.env = dict(os.environ, PGCONNECT_TIMEOUT="15")
        self.unit = cfg["service"]["unit"]
        self.bounce = cfg.getboolean("service", "restart")

    def _conn_args(self):
        return ["-h", self.db["host"], "-p", self.db["port"], "-U", self.db["user"]]

    def _run(self, argv, **kw):
        log.debug("running %s", " ".join(argv))
        proc = subprocess.run(argv, env=self.env, capture_output=True, text=True, **kw)
        if proc.returncode != 0:
            raise RuntimeError(f"{argv[0]} exited {proc.returncode}: {proc.stderr.strip()}")
        return proc.stdout

    def dump(self) -> Path:
        today = dt.date.today()
        kind = "weekly" if today.weekday() == 6 else "daily"
        target_dir = self.root / kind
        target_dir.mkdir(parents=True, exist_ok=True)
        target = target_dir / f"{self.db['name']}-{today.isoformat()}.dump"
        partial = target.with_suffix(".partial")
        self._run(["pg_dump", *self._conn_args(), "-Fc", "-Z", "6",
                   "-f", str(partial), self.db["name"]], timeout=3600)
        partial.rename(target)
        log.info("dumped %s (%.1f MB)", target, target.stat().st_size / 1e6)
        return target

    def verify(self, archive: Path):
        listing = self._run(["pg_restore", "--list", str(archive)], timeout=300)
        tables = sum(1 for line in listing.splitlines() if " TABLE DATA " in line)
        if tables == 0:
            raise RuntimeError(f"{archive} has no table data")
        log.info("verified %s: %d tables", archive.name, tables)

    def prune(self):
        for kind, keep in (("daily", self.keep_daily), ("weekly", self.keep_weekly)):
            d = self.root / kind
            if not d.is_dir():
                continue
            dumps = sorted(d.glob("*.dump"))
            for old in dumps[:-keep] if keep else dumps:
                old.unlink()
                log.info("pruned %s", old)

    def vacuum(self):
        self._run(["psql", *self._conn_args(), "-d", self.db["name"], "-X", "-q",
                   "-c", "VACUUM (ANALYZE);"], timeout=1800)
        log.info("vacuum analyze done")

    def bounce_service(self):
        if not self.bounce or not self.unit:
            return
        ctl = [shutil.which("systemctl") or "/usr/bin/systemctl", "try-restart", self.unit]
        if os.geteuid() != 0:
            ctl = ["sudo", "-n", *ctl]
        self._run(ctl, timeout=120)
        state = self._run([ctl[-3], "is-active", self.unit], timeout=30).strip()
        log.info("%s restarted, now %s", self.unit, state)


def load_config(path: Path) -> configparser.ConfigParser:
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path.exists():
        cfg.read(path)
    return cfg


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="back up and tidy the job board database")
    ap.add_argument("--config", type=Path, default=Path("dbbackup.ini"))
    ap.add_argument("--skip-vacuum", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    for tool in ("pg_dump", "pg_restore", "psql"):
        if not shutil.which(tool):
            log.error("%s not found on PATH", tool)
            return 2

    job = BackupJob(load_config(args.config))
    try:
        archive = job.dump()
        job.verify(archive)
        job.prune()
        if not args.skip_vacuum:
            job.vacuum()
            job.bounce_service()
    except (RuntimeError, subprocess.TimeoutExpired, OSError) as exc:
        log.error("backup failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

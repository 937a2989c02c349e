#!/usr/bin/env python3
"""Restore the permit database from a nightly dump.

Used by the on-call engineer when the residents' permit portal database has
to be rolled back. Puts the portal into maintenance, restores the chosen
pg_dump archive into the permits database, runs sanity queries and brings
the portal back.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("permit-restore")


class Portal:
    """Maintenance switch exposed by the permit portal admin API."""

    base = os.environ.get("PORTAL_ADMIN_URL", "https://permits-admin.parkops.example.com/admin")

    def _post(self, path, body):
        req = urllib.request.Request(
            self.base + path, data=json.dumps(body).encode(), method="POST",
            headers={"Content-Type": "application/json",
                     "Authorization": "Bearer " + os.environ.get("PORTAL_ADMIN_TOKEN", "")})
        with urllib.request.urlopen(req, timeout=15) as resp:
            return json.load(resp)

    def maintenance(self, on):
        return self._post("/maintenance", {"enabled": bool(on),
                                           "message": "Permit service is being restored"})


class Database:
    """Runs the PostgreSQL client tools against the permits database host."""

    host = os.environ.get("PGHOST", "permits-db.internal")
    user = os.environ.get("PGUSER", "permits_admin")

    def run(self, cmd):
        env = dict(os.environ, PGHOST=self.host, PGUSER=self.user)
        res = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=3600)
        return res.returncode, res.stdout + res.stderr


def pick_dump(dump_dir, name):
    if name:
        return Path(dump_dir) / name
    dumps = sorted(Path(dump_dir).glob("permits-*.dump"))
    if not dumps:
        raise FileNotFoundError("no dumps in " + dump_dir)
    return dumps[-1]


def restore(database, dump_path, dbname):
    cmd = ["pg_restore", "--clean", "--if-exists", "--no-owner", "--single-transaction",
           "-d", dbname, str(dump_path)]
    code, out = database.run(cmd)
    if code != 0:
        raise RuntimeError("pg_restore exited {}: {}".format(code, out[-800:]))


def sanity(database, dbname):
    sql = "SELECT count(*) FROM permits WHERE status = 'active'"
    code, out = database.run(["psql", "-d", dbname, "-tAc", sql])
    if code != 0:
        raise RuntimeError("sanity query failed: " + out)
    active = int(out.strip().splitlines()[-1])
    log.info("restored database has %d active permits", active)
    return active


def main():
    ap = argparse.ArgumentParser(description="Restore permits DB from dump")
    ap.add_argument("--dump-dir", default="./dumps")
    ap.add_argument("--dump", help="dump file name (default newest)")
    ap.add_argument("--db", default="permits")
    ap.add_argument("--min-active", type=int, default=100)
    ap.add_argument("--yes", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    dump = pick_dump(args.dump_dir, args.dump)
    log.info("restoring %s", dump.name)
    if not args.yes and input("Type RESTORE to continue: ").strip() != "RESTORE":
        return 1

    portal = Portal()
    database = Database()
    portal.maintenance(True)
    log.info("portal in maintenance")
    try:
        restore(database, dump, args.db)
        if sanity(database, args.db) < args.min_active:
            log.error("active permit count below %d - check before reopening", args.min_active)
            return 2
    finally:
        time.sleep(1)
        portal.maintenance(False)
        log.info("portal reopened")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Nightly backup of the quotes/invoices Postgres database.

The office runs the quoting app and its Postgres in Docker on the office
mini PC.  This takes a custom-format pg_dump from inside the database
container (so the client version always matches the server), gzips it into
./backups and prunes old dumps, keeping dailies for two weeks and the first
dump of each month for a year.

    quote_db_backup.py [--container quotes-db] [--db quotes] [--user quotes]
"""
import argparse
import gzip
import http.client
import json
import logging
import os
import socket
import struct
import sys
from datetime import datetime, timedelta
from pathlib import Path
from urllib.parse import quote

LOG = logging.getLogger("quote-backup")
BACKUP_DIR = Path("backups")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    """Minimal client for the container engine API."""

    def __init__(self, sock_path):
        self.sock_path = sock_path

    def _call(self, method, path, body=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.41" + path,
                     body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 300:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return data if raw else (json.loads(data) if data else None)

    def find(self, name):
        flt = quote(json.dumps({"name": [name]}))
        found = self._call("GET", f"/containers/json?filters={flt}")
        if not found:
            raise RuntimeError(f"container {name} not running")
        return found[0]["Id"]

    def run(self, cid, cmd, env=None):
        ex = self._call("POST", f"/containers/{cid}/exec",
                        {"Cmd": cmd, "Env": env or [], "AttachStdout": True, "AttachStderr": True})
        stream = self._call("POST", f"/exec/{ex['Id']}/start", {"Detach": False, "Tty": False}, raw=True)
        info = self._call("GET", f"/exec/{ex['Id']}/json")
        return demux(stream), info.get("ExitCode")


def demux(stream):
    """Split the engine's multiplexed stream into stdout and stderr bytes."""
    out, err, pos = bytearray(), bytearray(), 0
    while pos + 8 <= len(stream):
        kind, size = stream[pos], struct.unpack(">I", stream[pos + 4:pos + 8])[0]
        chunk = stream[pos + 8:pos + 8 + size]
        (out if kind == 1 else err).extend(chunk)
        pos += 8 + size
    return bytes(out), bytes(err)


def prune(now, daily_days=14, monthly_days=365):
    kept_months = set()
    for dump in sorted(BACKUP_DIR.glob("quotes-*.dump.gz")):
        try:
            stamp = datetime.strptime(dump.name[7:22], "%Y%m%d-%H%M%S")
        except ValueError:
            continue
        age = now - stamp
        month = stamp.strftime("%Y%m")
        if age <= timedelta(days=daily_days):
            continue
        if age <= timedelta(days=monthly_days) and month not in kept_months:
            kept_months.add(month)
            continue
        LOG.info("pruning %s", dump.name)
        dump.unlink()


def main():
    ap = argparse.ArgumentParser(description="Back up the quotes database")
    ap.add_argument("--container", default="quotes-db")
    ap.add_argument("--db", default="quotes")
    ap.add_argument("--user", default="quotes")
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    ap.add_argument("--no-prune", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    BACKUP_DIR.mkdir(exist_ok=True)
    engine = Engine(args.socket)
    try:
        cid = engine.find(args.container)
        (dump, errors), code = engine.run(cid, ["pg_dump", "-U", args.user, "-Fc", args.db])
    except (OSError, RuntimeError) as exc:
        LOG.error("backup failed: %s", exc)
        return 1
    if code != 0 or not dump:
        LOG.error("pg_dump exited %s: %s", code, errors.decode(errors="replace")[:500])
        return 1

    now = datetime.now()
    target = BACKUP_DIR / f"quotes-{now:%Y%m%d-%H%M%S}.dump.gz"
    with gzip.open(target, "wb", compresslevel=6) as fh:
        fh.write(dump)
    os.chmod(target, 0o600)
    LOG.info("wrote %s (%.1f MB raw)", target, len(dump) / 1e6)
    if not args.no_prune:
        prune(now)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Restore the permit database from a nightly dump.

Used by the on-call engineer when the residents' permit portal database has
to be rolled back. Puts the portal into maintenance, restores the chosen
pg_dump archive into the permits database, runs sanity queries and brings
the portal back.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("permit-restore")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    """Tiny client for the container engine API used on the permit host."""

    endpoint = os.environ.get("ENGINE_SOCK", "/var/run/docker.sock")
    api = "/v1.43"

    def call(self, method, path, body=None, raw=False):
        conn = UnixHTTPConnection(self.endpoint)
        payload = json.dumps(body) if body is not None else None
        conn.request(method, self.api + path, body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("{} {} -> {} {}".format(method, path, resp.status, data[:200]))
        if raw or not data:
            return data
        return json.loads(data)

    def find(self, label):
        flt = json.dumps({"label": [label]})
        items = self.call("GET", "/containers/json?all=1&filters=" + quote(flt))
        if not items:
            raise LookupError("no container with label " + label)
        return items[0]["Id"]

    def stop(self, cid):
        self.call("POST", "/containers/{}/stop?t=20".format(cid))

    def start(self, cid):
        self.call("POST", "/containers/{}/start".format(cid))

    def run_in(self, cid, cmd, env=None):
        ex = self.call("POST", "/containers/{}/exec".format(cid), {
            "Cmd": cmd, "Env": env or [], "AttachStdout": True, "AttachStderr": True,
        })
        out = self.call("POST", "/exec/{}/start".format(ex["Id"]),
                        {"Detach": False, "Tty": True}, raw=True)
        info = self.call("GET", "/exec/{}/json".format(ex["Id"]))
        return info["ExitCode"], out.decode("utf-8", "replace")


def pick_dump(dump_dir, name):
    if name:
        return Path(dump_dir) / name
    dumps = sorted(Path(dump_dir).glob("permits-*.dump"))
    if not dumps:
        raise FileNotFoundError("no dumps in " + dump_dir)
    return dumps[-1]


def restore(engine, db_cid, dump_name, dbname):
    cmd = ["pg_restore", "--clean", "--if-exists", "--no-owner", "--single-transaction",
           "-U", "postgres", "-d", dbname, "/dumps/" + dump_name]
    code, out = engine.run_in(db_cid, cmd)
    if code != 0:
        raise RuntimeError("pg_restore exited {}: {}".format(code, out[-800:]))


def sanity(engine, db_cid, dbname):
    sql = "SELECT count(*) FROM permits WHERE status = 'active'"
    code, out = engine.run_in(db_cid, ["psql", "-U", "postgres", "-d", dbname, "-tAc", sql])
    if code != 0:
        raise RuntimeError("sanity query failed: " + out)
    active = int(out.strip().splitlines()[-1])
    log.info("restored database has %d active permits", active)
    return active


def main():
    ap = argparse.ArgumentParser(description="Restore permits DB from dump")
    ap.add_argument("--dump-dir", default="./dumps", help="host dir mounted at /dumps")
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

    engine = Engine()
    portal = engine.find("com.parkops.role=permit-portal")
    db = engine.find("com.parkops.role=permit-db")
    engine.stop(portal)
    log.info("portal stopped")
    try:
        restore(engine, db, dump.name, args.db)
        if sanity(engine, db, args.db) < args.min_active:
            log.error("active permit count below %d - check before reopening", args.min_active)
            return 2
    finally:
        time.sleep(1)
        engine.start(portal)
        log.info("portal started")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Score a duplicate session with the packaged scoring engine.

The club's legacy scoring engine only runs on an old Linux userland, so it
ships as a container image. This script hands the evening's traveller file
to the engine through the local Docker engine, waits for the matchpoint
results and imports them into the club results database (results.db).

    movement_scorer_container.py travellers.csv --event "Tuesday pairs"
"""
import argparse
import csv
import http.client
import json
import logging
import os
import socket
import sqlite3
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("scorer")

ENGINE_IMAGE = os.environ.get("SCORER_IMAGE", "clubscore/engine:3.7")
DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def _call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, "/v1.43" + url, body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data.strip() else {}

    def score(self, workdir, movement, tables):
        spec = {
            "Image": ENGINE_IMAGE,
            "Cmd": ["score", "--movement", movement, "--tables", str(tables),
                    "--in", "/work/travellers.csv", "--out", "/work/results.csv"],
            "HostConfig": {
                # the engine probes the Bridgemate base station directly
                "Privileged": True,
                "Binds": [f"{workdir.resolve()}:/work", "/dev:/dev"],
                "AutoRemove": False,
            },
        }
        cid = self._call("POST", "/containers/create", spec)["Id"]
        log.info("engine container %s", cid[:12])
        try:
            self._call("POST", f"/containers/{cid}/start")
            status = self._call("POST", f"/containers/{cid}/wait").get("StatusCode", 1)
            if status != 0:
                raise RuntimeError(f"engine exited with {status}")
        finally:
            self._call("DELETE", f"/containers/{cid}?force=1")


def prepare_workdir(travellers, workdir):
    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / "travellers.csv").write_bytes(Path(travellers).read_bytes())
    return workdir


def import_results(db_path, event, session_date, results_csv):
    conn = sqlite3.connect(db_path)
    conn.execute("CREATE TABLE IF NOT EXISTS results (event TEXT, date TEXT, pair INTEGER, "
                 "direction TEXT, names TEXT, mp REAL, pct REAL)")
    conn.execute(f"DELETE FROM results WHERE event = '{event}' AND date = '{session_date}'")
    n = 0
    with open(results_csv, newline="") as fh:
        for row in csv.DictReader(fh):
            conn.execute(
                f"INSERT INTO results VALUES ('{event}', '{session_date}', {int(row['pair'])}, "
                f"'{row['direction']}', '{row['names']}', {float(row['mp'])}, {float(row['pct'])})")
            n += 1
    conn.commit()
    conn.close()
    return n


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("travellers")
    ap.add_argument("--event", required=True)
    ap.add_argument("--date", default=date.today().isoformat())
    ap.add_argument("--movement", default="mitchell", choices=["mitchell", "howell"])
    ap.add_argument("--tables", type=int, default=10)
    ap.add_argument("--db", default="results.db")
    ap.add_argument("--workdir", default="scoring_work")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    workdir = prepare_workdir(args.travellers, Path(args.workdir))
    try:
        Engine().score(workdir, args.movement, args.tables)
    except (OSError, RuntimeError) as exc:
        log.error("scoring failed: %s", exc)
        return 2
    n = import_results(args.db, args.event, args.date, workdir / "results.csv")
    log.info("imported %d pair results for %s %s", n, args.event, args.date)
    return 0


if __name__ == "__main__":
    sys.exit(main())

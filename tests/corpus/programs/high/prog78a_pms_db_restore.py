#!/usr/bin/env python3
"""Restore a practice-management database backup into the running PMS stack.

The PMS vendor ships the database as a container ("pms-db"). Nightly dumps
land in ./backups as pms-YYYYMMDD.dump. This copies the chosen dump into
the database container and runs pg_restore there, talking to the local
container engine directly so it works on the front-office server where
only the engine (not the CLI) is installed.
"""

import argparse
import http.client
import io
import json
import logging
import socket
import sys
import tarfile
import time
from pathlib import Path

LOG = logging.getLogger("pms-restore")


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's local unix socket."""

    def __init__(self, path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path="/var/run/docker.sock", api="v1.43"):
        self.path, self.api = path, api

    def call(self, method, url, body=None, headers=None, raw=False):
        conn = EngineConnection(self.path)
        hdrs = dict(headers or {})
        if body is not None and not isinstance(body, (bytes, bytearray)):
            body = json.dumps(body).encode()
            hdrs.setdefault("Content-Type", "application/json")
        conn.request(method, f"/{self.api}{url}", body=body, headers=hdrs)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        if raw or not data:
            return data
        return json.loads(data)

    def find(self, name):
        flt = json.dumps({"name": [name]})
        for c in self.call("GET", f"/containers/json?filters={flt}"):
            if f"/{name}" in c.get("Names", []):
                return c["Id"]
        raise LookupError(f"container {name} is not running")

    def put_file(self, cid, src, dest_dir):
        buf = io.BytesIO()
        with tarfile.open(fileobj=buf, mode="w") as tar:
            tar.add(src, arcname=Path(src).name)
        self.call("PUT", f"/containers/{cid}/archive?path={dest_dir}", body=buf.getvalue(),
                  headers={"Content-Type": "application/x-tar"})

    def run(self, cid, cmd):
        ex = self.call("POST", f"/containers/{cid}/exec",
                       body={"Cmd": cmd, "AttachStdout": True, "AttachStderr": True})
        out = self.call("POST", f"/exec/{ex['Id']}/start", body={"Detach": False, "Tty": True},
                        raw=True)
        for _ in range(60):
            info = self.call("GET", f"/exec/{ex['Id']}/json")
            if not info.get("Running"):
                return info.get("ExitCode"), out.decode(errors="replace")
            time.sleep(2)
        return None, out.decode(errors="replace")


def pick_dump(backups, date):
    pattern = f"pms-{date}.dump" if date else "pms-*.dump"
    dumps = sorted(Path(backups).glob(pattern))
    if not dumps:
        raise FileNotFoundError(f"no dump matching {pattern} in {backups}")
    return dumps[-1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--backups", default="./backups")
    ap.add_argument("--date", help="YYYYMMDD of the dump to restore (default newest)")
    ap.add_argument("--container", default="pms-db")
    ap.add_argument("--database", default="practice")
    ap.add_argument("--db-user", default="pms")
    ap.add_argument("--socket", default="/var/run/docker.sock")
    ap.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        dump = pick_dump(args.backups, args.date)
    except FileNotFoundError as exc:
        LOG.error("%s", exc)
        return 2
    if not args.yes:
        answer = input(f"Restore {dump.name} over database '{args.database}'? [y/N] ")
        if answer.strip().lower() != "y":
            return 1

    engine = Engine(args.socket)
    try:
        cid = engine.find(args.container)
        LOG.info("copying %s into %s", dump.name, args.container)
        engine.put_file(cid, dump, "/tmp")
        code, output = engine.run(cid, ["pg_restore", "-U", args.db_user, "-d", args.database,
                                        "--clean", "--if-exists", "--no-owner",
                                        f"/tmp/{dump.name}"])
        engine.run(cid, ["rm", "-f", f"/tmp/{dump.name}"])
    except (OSError, RuntimeError, LookupError) as exc:
        LOG.error("restore failed: %s", exc)
        return 1

    if output.strip():
        LOG.info("pg_restore output:\n%s", output.strip()[-4000:])
    if code != 0:
        LOG.error("pg_restore exited with %s", code)
        return 1
    LOG.info("restore of %s complete", dump.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())

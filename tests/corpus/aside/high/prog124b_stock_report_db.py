#!/usr/bin/env python3
"""Spin up the reporting database used by the monthly stock reports.

The shop's reporting queries run against a throw-away PostgreSQL instance
that is rebuilt from the till exports each month.  This helper talks to the
local Docker engine directly (no docker CLI on the back-office box), makes
sure the image is present, (re)creates the container with the export folder
mounted for COPY, and waits until the database accepts connections.
"""
import argparse
import http.client
import json
import logging
import os
import secrets
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("stockdb")
DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


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
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path,
                     json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data.strip().startswith((b"{", b"[")) else data

    def ensure_image(self, image):
        try:
            self.call("GET", f"/images/{quote(image, safe='')}/json")
        except RuntimeError:
            repo, _, tag = image.partition(":")
            log.info("pulling %s", image)
            self.call("POST", f"/images/create?fromImage={repo}&tag={tag or 'latest'}")

    def recreate(self, name, spec):
        self.call("DELETE", f"/containers/{name}?force=true", ok=(204, 404))
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]

    def exec_ok(self, cid, cmd):
        ex = self.call("POST", f"/containers/{cid}/exec",
                       {"Cmd": cmd, "AttachStdout": True, "AttachStderr": True})
        self.call("POST", f"/exec/{ex['Id']}/start", {"Detach": False, "Tty": False})
        return self.call("GET", f"/exec/{ex['Id']}/json").get("ExitCode") == 0


def container_spec(image, exports, port, password):
    return {
        "Image": image,
        "Env": [f"POSTGRES_PASSWORD={password}", "POSTGRES_DB=stock"],
        "ExposedPorts": {"5432/tcp": {}},
        "HostConfig": {
            "Binds": [f"{exports}:/exports:ro"],
            "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "AutoRemove": False,
        },
        "Labels": {"app": "stock-reports"},
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--exports", default="exports", help="folder with till CSV exports")
    ap.add_argument("--image", default="postgres:16-alpine")
    ap.add_argument("--name", default="stock-reports-db")
    ap.add_argument("--port", type=int, default=55432)
    ap.add_argument("--wait", type=int, default=60)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    exports = Path(args.exports).resolve()
    if not exports.is_dir():
        log.error("export folder %s missing", exports)
        return 2
    engine = Engine(DOCKER_SOCK)
    password = secrets.token_urlsafe(18)
    try:
        engine.ensure_image(args.image)
        cid = engine.recreate(args.name, container_spec(args.image, exports,
                                                        args.port, password))
        deadline = time.time() + args.wait
        while time.time() < deadline:
            if engine.exec_ok(cid, ["pg_isready", "-U", "postgres", "-d", "stock"]):
                break
            time.sleep(2)
        else:
            log.error("database did not become ready in %ss", args.wait)
            return 1
    except (OSError, RuntimeError) as exc:
        log.error("docker engine: %s", exc)
        return 1
    env_file = Path(".stockdb.env")
    env_file.write_text(f"PGHOST=127.0.0.1\nPGPORT={args.port}\nPGUSER=postgres\n"
                        f"PGPASSWORD={password}\nPGDATABASE=stock\n")
    os.chmod(env_file, 0o600)
    log.info("reporting db ready on 127.0.0.1:%d (credentials in %s)", args.port, env_file)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Run the wholesale sync worker image against this roastery's outbox.

The worker ships as a container image so the counter PC doesn't need a
Python toolchain. This launcher talks to the local Docker Engine API
directly (no docker CLI on the till image): pull, create with the working
directory mounted at /data, start, wait, print the logs, clean up.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import struct
import sys
from pathlib import Path
from urllib.parse import urlencode

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"
IMAGE = "ghcr.io/kilnhouse/wholesale-sync"
TAG = "2.3.1"

log = logging.getLogger("worker-launcher")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class EngineError(RuntimeError):
    pass


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, query=None, raw=False):
        url = API + path + ("?" + urlencode(query) if query else "")
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Host": "docker"}
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        try:
            conn.request(method, url, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            try:
                msg = json.loads(data).get("message", data.decode())
            except ValueError:
                msg = data.decode("utf-8", "replace")
            raise EngineError(f"{method} {path}: {resp.status} {msg}")
        if raw:
            return data
        return json.loads(data) if data.strip() else {}

    def pull(self, image, tag):
        data = self.call("POST", "/images/create", query={"fromImage": image, "tag": tag}, raw=True)
        for line in data.splitlines():
            try:
                status = json.loads(line)
            except ValueError:
                continue
            if "error" in status:
                raise EngineError(status["error"])
            log.debug("%s %s", status.get("status", ""), status.get("progress", ""))

    def create(self, name, image, workdir, env):
        spec = {
            "Image": image,
            "Cmd": ["sync", "--outbox", "/data/outbox", "--config", "/data/wholesale.toml"],
            "WorkingDir": "/data",
            "Env": [f"{k}={v}" for k, v in env.items()],
            "User": f"{os.getuid()}:{os.getgid()}",
            "HostConfig": {"Binds": [f"{workdir}:/data:rw"], "NetworkMode": "bridge"},
        }
        return self.call("POST", "/containers/create", spec, query={"name": name})["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def wait(self, cid):
        return self.call("POST", f"/containers/{cid}/wait").get("StatusCode", -1)

    def logs(self, cid):
        data = self.call("GET", f"/containers/{cid}/logs", query={"stdout": 1, "stderr": 1}, raw=True)
        out, i = [], 0
        while i + 8 <= len(data):               # multiplexed stream frames
            stream, size = data[i], struct.unpack(">I", data[i + 4:i + 8])[0]
            out.append(("err" if stream == 2 else "out", data[i + 8:i + 8 + size].decode("utf-8", "replace")))
            i += 8 + size
        return out

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}", query={"force": 1})


def main(argv=None):
    ap = argparse.ArgumentParser(description="Run the wholesale sync worker container")
    ap.add_argument("--workdir", type=Path, default=Path.cwd())
    ap.add_argument("--name", default="wholesale-sync")
    ap.add_argument("--tag", default=TAG)
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("--keep", action="store_true", help="keep the container afterwards")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    workdir = args.workdir.resolve()
    if not (workdir / "outbox").is_dir():
        log.error("%s has no outbox/ directory", workdir)
        return 2
    if not Path(DOCKER_SOCK).exists():
        log.error("docker engine socket %s not found", DOCKER_SOCK)
        return 2

    engine = Engine(DOCKER_SOCK)
    try:
        if not args.no_pull:
            log.info("pulling %s:%s", IMAGE, args.tag)
            engine.pull(IMAGE, args.tag)
        try:
            cid = engine.create(args.name, f"{IMAGE}:{args.tag}", workdir, {"SYNC_MODE": "push", "TZ": "Europe/London"})
        except EngineError as exc:
            if " 409 " not in str(exc):
                raise
            log.info("removing stale %s container", args.name)
            engine.remove(args.name)
            cid = engine.create(args.name, f"{IMAGE}:{args.tag}", workdir, {"SYNC_MODE": "push", "TZ": "Europe/London"})
        engine.start(cid)
        code = engine.wait(cid)
        for stream, text in engine.logs(cid):
            (sys.stderr if stream == "err" else sys.stdout).write(text)
        if not args.keep:
            engine.remove(cid)
    except (EngineError, OSError) as exc:
        log.error("%s", exc)
        return 1
    log.info("worker exited with %s", code)
    return code


if __name__ == "__main__":
    sys.exit(main())

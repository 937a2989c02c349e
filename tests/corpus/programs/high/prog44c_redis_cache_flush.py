#!/usr/bin/env python3
"""Flush the Redis page cache of the compose stack after a deploy.

The app hosts have no redis-cli, so this talks to the Docker Engine API over
its unix socket, runs FLUSHDB inside the redis container via an exec
instance and reports the result.
"""
import argparse
import http.client
import json
import logging
import socket
from urllib.parse import quote

log = logging.getLogger("cache-flush")
DOCKER_SOCK = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class DockerAPI:
    def __init__(self, sock_path=DOCKER_SOCK, version="v1.43"):
        self.sock_path = sock_path
        self.prefix = f"/{version}"

    def _call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, self.prefix + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return data

    def find_container(self, service, project):
        filters = json.dumps({"label": [f"com.docker.compose.service={service}",
                                        f"com.docker.compose.project={project}"]})
        raw = self._call("GET", "/containers/json?filters=" + quote(filters))
        items = json.loads(raw)
        return items[0]["Id"] if items else None

    def exec_in(self, container_id, cmd):
        created = json.loads(self._call("POST", f"/containers/{container_id}/exec",
                                        {"Cmd": cmd, "AttachStdout": True,
                                         "AttachStderr": True}))
        out = self._call("POST", f"/exec/{created['Id']}/start",
                         {"Detach": False, "Tty": True})
        return out.decode("utf-8", "replace").strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--project", default="shop")
    ap.add_argument("--service", default="redis")
    ap.add_argument("--db", type=int, default=1, help="redis db holding page cache")
    ap.add_argument("--socket", default=DOCKER_SOCK)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api = DockerAPI(args.socket)
    try:
        cid = api.find_container(args.service, args.project)
    except (OSError, RuntimeError) as exc:
        log.error("docker API unavailable: %s", exc)
        raise SystemExit(2)
    if not cid:
        log.error("no container for %s/%s", args.project, args.service)
        raise SystemExit(1)
    before = api.exec_in(cid, ["redis-cli", "-n", str(args.db), "DBSIZE"])
    result = api.exec_in(cid, ["redis-cli", "-n", str(args.db), "FLUSHDB"])
    log.info("container %s: %s keys before, FLUSHDB -> %s", cid[:12], before, result)


if __name__ == "__main__":
    main()

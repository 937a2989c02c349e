#!/usr/bin/env python3
"""Redeploy the match server container on the game-control host.

Talks to the local Docker engine directly so it works on the minimal
control image where the docker CLI is not installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

log = logging.getLogger("match-redeploy")

ENGINE_SOCKET = "/var/run/docker.sock"
SERVICE = {
    "name": "arena-match-server",
    "image": "registry.laserdome.example/arena/match-server",
    "ports": {"7777/udp": 7777, "8080/tcp": 8080},
    "env": ["ARENA_MODE=production", "TICK_RATE=60"],
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None, ok=(200, 201, 204, 304), parse=True):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        data = json.dumps(body) if body is not None else None
        conn.request(method, url, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError("{} {} -> {} {}".format(method, url, resp.status, raw[:200]))
        if not parse or not raw or raw[:1] not in (b"{", b"["):
            return None
        return json.loads(raw)

    def pull(self, image, tag):
        self.call("POST", "/images/create?fromImage={}&tag={}".format(image, tag), parse=False)

    def remove(self, name):
        try:
            self.call("POST", "/containers/{}/stop?t=10".format(name))
        except RuntimeError as exc:
            log.debug("stop: %s", exc)
        try:
            self.call("DELETE", "/containers/{}".format(name))
        except RuntimeError as exc:
            log.debug("remove: %s", exc)

    def create(self, spec, tag):
        bindings = {port: [{"HostPort": str(host)}] for port, host in spec["ports"].items()}
        body = {
            "Image": "{}:{}".format(spec["image"], tag),
            "Env": spec["env"],
            "ExposedPorts": {port: {} for port in spec["ports"]},
            "HostConfig": {"PortBindings": bindings, "RestartPolicy": {"Name": "unless-stopped"}},
        }
        return self.call("POST", "/containers/create?name={}".format(spec["name"]), body)

    def start(self, name):
        self.call("POST", "/containers/{}/start".format(name))

    def state(self, name):
        info = self.call("GET", "/containers/{}/json".format(name))
        return info["State"]["Status"] if info else "unknown"


def redeploy(engine, tag, wait):
    log.info("pulling %s:%s", SERVICE["image"], tag)
    engine.pull(SERVICE["image"], tag)
    engine.remove(SERVICE["name"])
    created = engine.create(SERVICE, tag)
    log.info("created %s", created.get("Id", "?")[:12] if created else "?")
    engine.start(SERVICE["name"])
    deadline = time.time() + wait
    while time.time() < deadline:
        status = engine.state(SERVICE["name"])
        if status == "running":
            return True
        time.sleep(1)
    return False


def main():
    parser = argparse.ArgumentParser(description="Redeploy the arena match server")
    parser.add_argument("--tag", default="latest")
    parser.add_argument("--wait", type=int, default=30)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        ok = redeploy(Engine(), args.tag, args.wait)
    except (OSError, RuntimeError) as exc:
        log.error("redeploy failed: %s", exc)
        return 1
    log.info("match server %s", "running" if ok else "did not start in time")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

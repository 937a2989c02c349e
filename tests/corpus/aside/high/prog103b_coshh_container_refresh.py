#!/usr/bin/env python3
"""Refresh the COSHH register sync container on the depot server.

Pulls the latest image tag for coshh-sync, replaces the running container
with one from the new image (same volumes and env file) and checks it comes
up healthy.  Talks to the Docker Engine API directly so the depot box doesn't
need the docker CLI or the Python SDK installed.

    coshh_container_refresh.py [--tag stable] [--keep-old]
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.parse

log = logging.getLogger("coshh-refresh")

IMAGE = os.environ.get("COSHH_IMAGE", "registry.pestdesk.example/coshh-sync")
NAME = "coshh-sync"
ENGINE_SOCK = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock").split("://", 1)[-1]


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None, params=None, ok=(200, 201, 204)):
        if params:
            url = f"{url}?{urllib.parse.urlencode(params)}"
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, f"/v1.43{url}", body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
        if not raw:
            return None
        try:
            return json.loads(raw)
        except ValueError:
            return raw.decode(errors="replace")

    def inspect(self, name):
        try:
            return self.call("GET", f"/containers/{name}/json")
        except RuntimeError as exc:
            if " 404 " in str(exc):
                return None
            raise


def pull(engine, tag):
    log.info("pulling %s:%s", IMAGE, tag)
    engine.call("POST", "/images/create", params={"fromImage": IMAGE, "tag": tag})


def create_spec(tag, old):
    env = old["Config"]["Env"] if old else ["COSHH_REVIEW_MONTHS=36"]
    binds = old["HostConfig"]["Binds"] if old else [
        "/srv/coshh/register:/data/register:ro",
        "/srv/coshh/state:/data/state",
    ]
    return {
        "Image": f"{IMAGE}:{tag}",
        "Env": env,
        "Labels": {"com.pestdesk.role": "coshh-sync"},
        "Healthcheck": {"Test": ["CMD", "coshh-sync", "--health"], "Interval": 10_000_000_000},
        "HostConfig": {
            "Binds": binds,
            "RestartPolicy": {"Name": "unless-stopped"},
            "PortBindings": {"8090/tcp": [{"HostIp": "127.0.0.1", "HostPort": "8090"}]},
        },
        "ExposedPorts": {"8090/tcp": {}},
    }


def wait_healthy(engine, name, timeout=90):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = engine.inspect(name)["State"]
        health = state.get("Health", {}).get("Status", "none")
        if health == "healthy" or (health == "none" and state["Running"]):
            return True
        if not state["Running"]:
            return False
        time.sleep(3)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description="Replace the coshh-sync container with a fresh image")
    ap.add_argument("--tag", default="stable")
    ap.add_argument("--keep-old", action="store_true", help="rename the old container instead of removing it")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    try:
        pull(engine, args.tag)
        old = engine.inspect(NAME)
        if old:
            log.info("stopping %s (%s)", NAME, old["Config"]["Image"])
            engine.call("POST", f"/containers/{NAME}/stop", params={"t": 20}, ok=(204, 304))
            if args.keep_old:
                engine.call("POST", f"/containers/{NAME}/rename",
                            params={"name": f"{NAME}-prev-{int(time.time())}"})
            else:
                engine.call("DELETE", f"/containers/{NAME}")
        created = engine.call("POST", "/containers/create", body=create_spec(args.tag, old),
                              params={"name": NAME})
        engine.call("POST", f"/containers/{created['Id']}/start")
    except (OSError, RuntimeError) as exc:
        log.error("refresh failed: %s", exc)
        return 1

    if wait_healthy(engine, NAME):
        log.info("%s is up on %s:%s", NAME, IMAGE, args.tag)
        return 0
    log.error("%s did not become healthy; check `docker logs %s`", NAME, NAME)
    return 1


if __name__ == "__main__":
    sys.exit(main())

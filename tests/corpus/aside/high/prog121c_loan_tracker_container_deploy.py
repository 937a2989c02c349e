#!/usr/bin/env python3
"""Deploy or update the equipment loan tracker on the clubhouse server.

Pulls the requested image tag, replaces the running container and keeps
the SQLite data volume in place.  Talks to the Docker Engine API directly
so the clubhouse box does not need the docker CLI or docker-py.
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

log = logging.getLogger("loan_deploy")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
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

    def call(self, method, path, body=None, query=None, stream=False):
        conn = UnixHTTPConnection(self.sock_path, timeout=300)
        url = API + path + ("?" + urllib.parse.urlencode(query) if query else "")
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if resp.status == 404:
            return None
        if stream:
            return [json.loads(l) for l in data.splitlines() if l.strip()]
        return json.loads(data) if data else {}

    def pull(self, image, tag):
        events = self.call("POST", "/images/create", query={"fromImage": image, "tag": tag}, stream=True)
        for ev in events or []:
            if "error" in ev:
                raise RuntimeError(ev["error"])
        log.info("pulled %s:%s", image, tag)

    def remove(self, name):
        info = self.call("GET", f"/containers/{name}/json")
        if info is None:
            return
        if info["State"]["Running"]:
            self.call("POST", f"/containers/{name}/stop", query={"t": 20})
        self.call("DELETE", f"/containers/{name}")
        log.info("removed old container %s", name)

    def create_and_start(self, name, spec):
        res = self.call("POST", "/containers/create", body=spec, query={"name": name})
        self.call("POST", f"/containers/{res['Id']}/start")
        return res["Id"]


def container_spec(image, tag, port, data_volume, env_file):
    env = []
    if env_file and os.path.exists(env_file):
        with open(env_file) as fh:
            env = [l.strip() for l in fh if l.strip() and not l.startswith("#")]
    return {
        "Image": f"{image}:{tag}",
        "Env": env,
        "ExposedPorts": {"8000/tcp": {}},
        "Labels": {"club.app": "loan-tracker", "club.tag": tag},
        "HostConfig": {
            "PortBindings": {"8000/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "Binds": [f"{data_volume}:/app/data"],
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def wait_healthy(engine, cid, seconds=30):
    for _ in range(seconds):
        info = engine.call("GET", f"/containers/{cid}/json")
        if info and info["State"]["Running"]:
            return True
        time.sleep(1)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default="ghcr.io/example-rowing/loan-tracker")
    ap.add_argument("--tag", default="stable")
    ap.add_argument("--name", default="loan-tracker")
    ap.add_argument("--port", type=int, default=8010)
    ap.add_argument("--volume", default="loan_tracker_data")
    ap.add_argument("--env-file", default="loan_tracker.env")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine()
    try:
        engine.pull(args.image, args.tag)
        engine.remove(args.name)
        cid = engine.create_and_start(
            args.name, container_spec(args.image, args.tag, args.port, args.volume, args.env_file))
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    if not wait_healthy(engine, cid):
        log.error("container %s did not stay up", cid[:12])
        return 1
    log.info("loan tracker %s running as %s on 127.0.0.1:%d", args.tag, cid[:12], args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())

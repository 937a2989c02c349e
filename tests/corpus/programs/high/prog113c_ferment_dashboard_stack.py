#!/usr/bin/env python3
"""Bring up the fermentation dashboard (InfluxDB + Grafana) on the cellar hub.

Talks to the local Docker engine API directly so the hub does not need the
docker CLI or compose installed: pulls the images, creates a bridge network,
and starts both containers with restart=unless-stopped.

    ferment_dashboard_stack.py up
    ferment_dashboard_stack.py status
    ferment_dashboard_stack.py down
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
from urllib.parse import quote

log = logging.getLogger("dash-stack")
DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
NETWORK = "cellar-dash"

STACK = [
    {
        "name": "cellar-influx",
        "image": "influxdb:2.7",
        "env": ["DOCKER_INFLUXDB_INIT_MODE=setup", "DOCKER_INFLUXDB_INIT_ORG=cider-coop",
                "DOCKER_INFLUXDB_INIT_BUCKET=ferment", "DOCKER_INFLUXDB_INIT_USERNAME=cellar",
                "DOCKER_INFLUXDB_INIT_PASSWORD=" + os.environ.get("INFLUX_INIT_PASSWORD", "")],
        "ports": {"8086/tcp": "8086"},
        "volume": "cellar-influx-data:/var/lib/influxdb2",
    },
    {
        "name": "cellar-grafana",
        "image": "grafana/grafana-oss:10.4.2",
        "env": ["GF_AUTH_ANONYMOUS_ENABLED=true", "GF_AUTH_ANONYMOUS_ORG_ROLE=Viewer"],
        "ports": {"3000/tcp": "3000"},
        "volume": "cellar-grafana-data:/var/lib/grafana",
    },
]


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


def engine(method, path, body=None, ok=(200, 201, 204, 304)):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    conn.request(method, "/v1.43" + path, body=json.dumps(body) if body is not None else None,
                 headers=headers)
    resp = conn.getresponse()
    raw = resp.read()
    conn.close()
    if resp.status not in ok:
        raise RuntimeError(f"{method} {path}: {resp.status} {raw[:300]!r}")
    return resp.status, raw


def pull(image):
    repo, _, tag = image.partition(":")
    log.info("pulling %s", image)
    engine("POST", f"/images/create?fromImage={quote(repo)}&tag={quote(tag or 'latest')}")


def ensure_network():
    _, raw = engine("GET", "/networks")
    if any(n["Name"] == NETWORK for n in json.loads(raw)):
        return
    engine("POST", "/networks/create", {"Name": NETWORK, "Driver": "bridge"})


def start(svc):
    spec = {
        "Image": svc["image"],
        "Env": svc["env"],
        "ExposedPorts": {p: {} for p in svc["ports"]},
        "HostConfig": {
            "PortBindings": {p: [{"HostPort": h}] for p, h in svc["ports"].items()},
            "Binds": [svc["volume"]],
            "RestartPolicy": {"Name": "unless-stopped"},
            "NetworkMode": NETWORK,
        },
    }
    status, _ = engine("POST", f"/containers/create?name={svc['name']}", spec, ok=(201, 409))
    if status == 409:
        log.info("%s already exists", svc["name"])
    engine("POST", f"/containers/{svc['name']}/start")
    log.info("%s running", svc["name"])


def status():
    _, raw = engine("GET", "/containers/json?all=1")
    names = {s["name"] for s in STACK}
    for c in json.loads(raw):
        n = c["Names"][0].lstrip("/")
        if n in names:
            print(f"{n:<16} {c['State']:<10} {c['Status']}")


def down():
    for svc in STACK:
        engine("POST", f"/containers/{svc['name']}/stop", ok=(204, 304, 404))
        engine("DELETE", f"/containers/{svc['name']}", ok=(204, 404))
        log.info("removed %s", svc["name"])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=["up", "status", "down"])
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        if args.action == "up":
            if not os.environ.get("INFLUX_INIT_PASSWORD"):
                log.error("set INFLUX_INIT_PASSWORD first")
                return 2
            for svc in STACK:
                pull(svc["image"])
            ensure_network()
            for svc in STACK:
                start(svc)
        elif args.action == "status":
            status()
        else:
            down()
    except (OSError, RuntimeError) as exc:
        log.error("docker engine: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

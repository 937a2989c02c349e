#!/usr/bin/env python3
"""Bring up the local energy dashboard stack (InfluxDB + Grafana) on a site server.

Talks to the Docker Engine API directly so the site servers do not need the
docker CLI or docker-py installed. Containers are (re)created from stack.json:

    {"network": "energy",
     "services": {"influxdb": {"image": "influxdb:2.7", "ports": {"8086/tcp": 8086},
                               "volumes": {"./data/influx": "/var/lib/influxdb2"}},
                  "grafana":  {"image": "grafana/grafana-oss:10.4.2", ...}}}
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import urllib.parse

LOG = logging.getLogger("energy-stack")
API_VERSION = "v1.43"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, endpoint=None):
        host = endpoint or os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")
        self.path = host[len("unix://"):] if host.startswith("unix://") else host

    def call(self, method, url, body=None, query=None, stream=False):
        conn = EngineConnection(self.path)
        if query:
            url = f"{url}?{urllib.parse.urlencode(query)}"
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, f"/{API_VERSION}{url}", body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:300]!r}")
        if stream or not data:
            return data
        return json.loads(data)

    def pull(self, image):
        name, _, tag = image.partition(":")
        LOG.info("pulling %s", image)
        self.call("POST", "/images/create", query={"fromImage": name, "tag": tag or "latest"}, stream=True)

    def ensure_network(self, name):
        nets = self.call("GET", "/networks", query={"filters": json.dumps({"name": [name]})})
        if not any(n["Name"] == name for n in nets):
            self.call("POST", "/networks/create", {"Name": name, "Driver": "bridge"})

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}", query={"force": "true"})
            LOG.info("removed old %s", name)
        except RuntimeError as exc:
            if "404" not in str(exc):
                raise

    def run(self, name, spec, network):
        binds = [f"{os.path.abspath(src)}:{dst}" for src, dst in spec.get("volumes", {}).items()]
        for src in spec.get("volumes", {}):
            os.makedirs(src, exist_ok=True)
        ports = {k: [{"HostIp": "127.0.0.1", "HostPort": str(v)}] for k, v in spec.get("ports", {}).items()}
        body = {
            "Image": spec["image"],
            "Env": [f"{k}={v}" for k, v in spec.get("env", {}).items()],
            "ExposedPorts": {k: {} for k in ports},
            "HostConfig": {"Binds": binds, "PortBindings": ports,
                           "NetworkMode": network,
                           "RestartPolicy": {"Name": "unless-stopped"}},
            "Labels": {"com.example.stack": "energy-dashboard"},
        }
        created = self.call("POST", "/containers/create", body, query={"name": name})
        self.call("POST", f"/containers/{created['Id']}/start")
        LOG.info("started %s (%s)", name, created["Id"][:12])


def main():
    ap = argparse.ArgumentParser(description="launch the energy dashboard stack")
    ap.add_argument("-f", "--file", default="stack.json")
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("--only", nargs="*", help="restrict to these services")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    with open(args.file) as fh:
        stack = json.load(fh)

    engine = Engine()
    try:
        network = stack.get("network", "energy")
        engine.ensure_network(network)
        for name, spec in stack["services"].items():
            if args.only and name not in args.only:
                continue
            if not args.no_pull:
                engine.pull(spec["image"])
            engine.remove(name)
            engine.run(name, spec, network)
    except (OSError, RuntimeError) as exc:
        LOG.error("stack launch failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

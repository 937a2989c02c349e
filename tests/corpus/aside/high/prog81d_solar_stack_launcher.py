#!/usr/bin/env python3
"""Bring up the solar monitoring stack (InfluxDB, Grafana, collector).

Talks to the Docker Engine API directly so the Pi image does not need the
docker CLI or docker-compose.  The stack definition lives in stack.json next
to this script; containers are (re)created when their image or settings
change.
"""
import argparse
import hashlib
import http.client
import json
import logging
import socket
import sys
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("stack")

DEFAULT_STACK = {
    "network": "solar",
    "services": {
        "influxdb": {"image": "influxdb:2.7", "ports": {"8086/tcp": 8086},
                     "volumes": ["solar-influx:/var/lib/influxdb2"]},
        "grafana": {"image": "grafana/grafana-oss:10.4.2", "ports": {"3000/tcp": 3000},
                    "volumes": ["solar-grafana:/var/lib/grafana"]},
        "collector": {"image": "ghcr.io/home-solar/collector:1.8",
                      "env": {"INFLUX_URL": "http://influxdb:8086"},
                      "hardware": True},
    },
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost", timeout=60)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data else {}
        conn.request(method, "/v1.43" + path, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw and raw[:1] in b"[{" else None

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={quote(name)}&tag={quote(tag)}")

    def inspect(self, name):
        try:
            return self.call("GET", f"/containers/{name}/json")
        except RuntimeError:
            return None


def container_spec(name, svc, network):
    host = {
        "RestartPolicy": {"Name": "unless-stopped"},
        "NetworkMode": network,
        "Binds": svc.get("volumes", []),
        "PortBindings": {p: [{"HostPort": str(h)}] for p, h in svc.get("ports", {}).items()},
    }
    if svc.get("hardware"):
        # collector needs the RS485 dongle, the CAN hat and the I2C bus
        host.update({"Privileged": True,
                     "Binds": host["Binds"] + ["/dev:/dev", "/run/udev:/run/udev:ro"]})
    spec = {
        "Image": svc["image"],
        "Env": [f"{k}={v}" for k, v in svc.get("env", {}).items()],
        "ExposedPorts": {p: {} for p in svc.get("ports", {})},
        "HostConfig": host,
    }
    digest = hashlib.sha256(json.dumps(spec, sort_keys=True).encode()).hexdigest()[:16]
    spec["Labels"] = {"solar.stack": "1", "solar.spec": digest}
    return spec


def ensure_network(engine, name):
    nets = engine.call("GET", "/networks") or []
    if not any(n["Name"] == name for n in nets):
        engine.call("POST", "/networks/create", {"Name": name, "Driver": "bridge"})
        log.info("created network %s", name)


def ensure_service(engine, name, svc, network, pull):
    spec = container_spec(name, svc, network)
    current = engine.inspect(name)
    if current and current["Config"]["Labels"].get("solar.spec") == spec["Labels"]["solar.spec"]:
        if not current["State"]["Running"]:
            engine.call("POST", f"/containers/{name}/start")
            log.info("%s started", name)
        else:
            log.info("%s up to date", name)
        return
    if pull:
        log.info("pulling %s", svc["image"])
        engine.pull(svc["image"])
    if current:
        engine.call("DELETE", f"/containers/{name}?force=true")
    engine.call("POST", f"/containers/create?name={name}", spec)
    engine.call("POST", f"/containers/{name}/start")
    log.info("%s (re)created", name)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--stack", type=Path, default=Path(__file__).with_name("stack.json"))
    ap.add_argument("--socket", default="/var/run/docker.sock")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    stack = json.loads(args.stack.read_text()) if args.stack.exists() else DEFAULT_STACK
    engine = Engine(args.socket)
    try:
        ensure_network(engine, stack["network"])
        for name, svc in stack["services"].items():
            ensure_service(engine, f"solar-{name}", svc, stack["network"], not args.no_pull)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

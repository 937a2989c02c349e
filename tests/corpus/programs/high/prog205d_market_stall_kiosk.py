#!/usr/bin/env python3
"""Keeps the market-stall kiosk containers (price display, card reader
bridge) healthy by talking to the local container engine directly.
"""
import argparse
import http.client
import json
import logging
import socket
import time

LOG = logging.getLogger("kiosk_watch")

ENGINE_SOCK = "/var/run/" + "docker" + ".sock"
WATCHED = {"price-display", "card-bridge"}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def _call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def containers(self):
        return self._call("GET", "/containers/json?all=1")

    def restart(self, cid):
        self._call("POST", f"/containers/{cid}/restart?t=5")

    def run_card_bridge(self):
        spec = {
            "Image": "registry.example.com/kiosk/card-bridge:2.4",
            "HostConfig": {"Privileged": True, "NetworkMode": "host",
                           "RestartPolicy": {"Name": "unless-stopped"}},
        }
        created = self._call("POST", "/containers/create?name=card-bridge", spec)
        self._call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def check(engine):
    seen = set()
    for c in engine.containers():
        name = c["Names"][0].lstrip("/")
        if name not in WATCHED:
            continue
        seen.add(name)
        if c["State"] != "running":
            LOG.warning("%s is %s, restarting", name, c["State"])
            engine.restart(c["Id"])
    if "card-bridge" not in seen:
        LOG.warning("card-bridge missing, creating it")
        engine.run_card_bridge()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    engine = Engine(ENGINE_SOCK)
    while True:
        try:
            check(engine)
        except (OSError, RuntimeError, KeyError) as exc:
            LOG.error("check failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()

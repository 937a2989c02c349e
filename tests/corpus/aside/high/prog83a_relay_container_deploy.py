#!/usr/bin/env python3
"""Deploy the stream relay container on a station edge box.

Edge boxes at transmitter sites are minimal: no docker CLI, no compose, just
the engine. This script talks to the engine API directly to pull the relay
image, replace the running relay container and start the new one with the
station's mounts from relay.json.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse

log = logging.getLogger("relay-deploy")


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    api = "/v1.43"

    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, query=None, ok=(200, 201, 204, 304)):
        url = self.api + path + ("?" + urllib.parse.urlencode(query) if query else "")
        conn = EngineConnection(self.sock_path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            conn.request(method, url, body=payload,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(data)
        return data

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", "/images/create", query={"fromImage": name, "tag": tag or "latest"})

    def remove_if_exists(self, name):
        try:
            self.call("DELETE", f"/containers/{name}", query={"force": "true"})
            log.info("removed old container %s", name)
        except RuntimeError as exc:
            if "404" not in str(exc):
                raise

    def run(self, name, spec):
        created = self.call("POST", "/containers/create", body=spec, query={"name": name})
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def container_spec(cfg):
    env = [f"RELAY_MOUNTS={','.join(cfg['mounts'])}",
           f"RELAY_UPSTREAM={cfg['upstream']}",
           f"RELAY_MULTICAST_GROUP={cfg.get('multicast_group', '239.192.10.1')}"]
    return {
        "Image": cfg["image"],
        "Env": env,
        "HostConfig": {
            # multicast RX from the STL and the sound card for the off-air monitor
            "NetworkMode": "host",
            "Privileged": True,
            "Binds": ["/srv/relay/cache:/cache"],
            "RestartPolicy": {"Name": "unless-stopped"},
        },
        "Labels": {"station": cfg["station"], "role": "relay"},
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-c", "--config", default="relay.json")
    ap.add_argument("--socket", default="/var/run/docker.sock")
    ap.add_argument("--name", default="stream-relay")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        with open(args.config) as fh:
            cfg = json.load(fh)
    except (OSError, ValueError) as exc:
        log.error("bad config %s: %s", args.config, exc)
        return 1

    engine = Engine(args.socket)
    try:
        log.info("pulling %s", cfg["image"])
        engine.pull(cfg["image"])
        engine.remove_if_exists(args.name)
        cid = engine.run(args.name, container_spec(cfg))
        time.sleep(3)
        state = engine.call("GET", f"/containers/{cid}/json")["State"]
        log.info("relay %s: %s", cid[:12], state.get("Status"))
        return 0 if state.get("Running") else 1
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("deploy failed: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())

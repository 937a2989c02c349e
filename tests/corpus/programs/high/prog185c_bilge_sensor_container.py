#!/usr/bin/env python3
"""Start the bilge and shore-power sensor collector on the onboard mini PC.

The collector image reads the CAN adapter and the 1-Wire temperature bus, so
it needs the host's devices.  The mini PC has no docker CLI installed (the
image is too small), so this talks to the Docker Engine API directly over
its local socket.
"""
import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("bilge-collector")

ENGINE_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("BWC_COLLECTOR_IMAGE", "registry.example.com/bwc/bilge-collector:1.8")
NAME = "bwc-bilge-collector"
MQTT = os.environ.get("BWC_MQTT_URL", "mqtt://192.0.2.40:1883")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return resp.status, (json.loads(raw) if raw else None)


def host_config():
    return {
        "Privileged": True,
        "NetworkMode": "host",
        "Binds": ["/dev:/dev", "/sys/bus/w1:/sys/bus/w1:ro", "/var/lib/bwc:/data"],
        "RestartPolicy": {"Name": "unless-stopped"},
    }


def container_spec(image):
    return {
        "Image": image,
        "Env": [f"MQTT_URL={MQTT}", f"YACHT_ID={os.environ.get('BWC_YACHT_ID', 'unknown')}"],
        "Labels": {"com.example.bwc.role": "bilge-collector"},
        "HostConfig": host_config(),
    }


def ensure_image(engine, image):
    status, _ = engine.call("GET", f"/images/{image}/json")
    if status == 404:
        repo, _, tag = image.rpartition(":")
        log.info("pulling %s", image)
        engine.call("POST", f"/images/create?fromImage={repo}&tag={tag}")


def replace_container(engine, image):
    engine.call("DELETE", f"/containers/{NAME}?force=true")
    _, created = engine.call("POST", f"/containers/create?name={NAME}", container_spec(image))
    engine.call("POST", f"/containers/{created['Id']}/start")
    return created["Id"]


def main():
    ap = argparse.ArgumentParser(description="Run bilge sensor collector")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--status", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    if args.status:
        status, info = engine.call("GET", f"/containers/{NAME}/json")
        print("not running" if status == 404 else info["State"]["Status"])
        return
    ensure_image(engine, args.image)
    cid = replace_container(engine, args.image)
    log.info("collector started: %s", cid[:12])


if __name__ == "__main__":
    main()

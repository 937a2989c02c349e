#!/usr/bin/env python3
"""Pre-pull build images on a farm node and start the docker-in-docker sidecar.

Talks to the local Docker Engine API directly over its unix socket so the
node image does not need the docker CLI or the docker SDK installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

import yaml

LOG = logging.getLogger("prewarm")
ENGINE_SOCK = "/var/run/docker.sock"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=ENGINE_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = EngineConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return data

    def pull(self, ref):
        name, _, tag = ref.partition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}")

    def running(self, name):
        data = json.loads(self.call("GET", '/containers/json?filters={"name":["%s"]}' % name))
        return bool(data)

    def start_sidecar(self, name, image, cache_volume):
        spec = {
            "Image": image,
            "Env": ["DOCKER_TLS_CERTDIR="],
            "HostConfig": {
                "Privileged": True,
                "Binds": [f"{cache_volume}:/var/lib/docker"],
                "NetworkMode": "host",
            },
        }
        created = json.loads(self.call("POST", f"/containers/create?name={name}", spec))
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="farm-images.yml")
    ap.add_argument("--socket", default=ENGINE_SOCK)
    ap.add_argument("--skip-sidecar", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    with open(args.config, encoding="utf-8") as fh:
        cfg = yaml.safe_load(fh) or {}
    engine = Engine(args.socket)
    failed = []
    for ref in cfg.get("images", []):
        try:
            LOG.info("pulling %s", ref)
            engine.pull(ref)
        except (RuntimeError, OSError) as exc:
            LOG.error("pull failed for %s: %s", ref, exc)
            failed.append(ref)

    sidecar = cfg.get("dind", {})
    if sidecar and not args.skip_sidecar:
        name = sidecar.get("name", "ci-dind")
        if engine.running(name):
            LOG.info("sidecar %s already running", name)
        else:
            cid = engine.start_sidecar(name, sidecar.get("image", "docker:25-dind"),
                                       sidecar.get("volume", "ci-dind-cache"))
            LOG.info("started sidecar %s (%s)", name, cid[:12])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Start (or restart) an OpenTelemetry collector sidecar next to the app
containers by talking to the local Docker Engine API over its UNIX socket."""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

DOCKER_SOCK = "/var/run/docker.sock"
log = logging.getLogger("sidecar")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK, api="v1.43"):
        self.sock_path = sock_path
        self.api = api

    def call(self, method, path, body=None, expect=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, f"/{self.api}{path}", body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status == 404:
            return None
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def pull(self, image):
        repo, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag or 'latest'}")

    def remove(self, name):
        self.call("DELETE", f"/containers/{name}?force=true")

    def run(self, name, spec):
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def sidecar_spec(image, network, endpoint, config_path):
    return {
        "Image": image,
        "Cmd": ["--config=/etc/otelcol/config.yaml"],
        "Env": [f"OTLP_UPSTREAM={endpoint}"],
        "Labels": {"role": "telemetry-sidecar"},
        "HostConfig": {
            "NetworkMode": network,
            "RestartPolicy": {"Name": "unless-stopped"},
            "Binds": [f"{config_path}:/etc/otelcol/config.yaml:ro"],
            "Memory": 256 * 1024 * 1024,
        },
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", default="otel-sidecar")
    ap.add_argument("--image", default="otel/opentelemetry-collector:0.98.0")
    ap.add_argument("--network", default="app_default")
    ap.add_argument("--upstream", default="otlp.ops.internal:4317")
    ap.add_argument("--config", default="./otelcol.yaml")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    engine = Engine()
    try:
        engine.pull(args.image)
        if engine.call("GET", f"/containers/{args.name}/json") is not None:
            log.info("replacing existing %s", args.name)
            engine.remove(args.name)
        cid = engine.run(args.name, sidecar_spec(args.image, args.network, args.upstream,
                                                 os.path.abspath(args.config)))
    except (OSError, RuntimeError) as exc:
        log.error("docker call failed: %s", exc)
        return 1
    log.info("started %s (%s)", args.name, cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())

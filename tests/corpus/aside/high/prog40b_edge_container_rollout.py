#!/usr/bin/env python3
"""Roll out the telematics edge container on depot gateways.

Talks to the local Docker Engine API over its unix socket (no docker CLI
on the gateway image), pulls the requested collector image and recreates
the container with access to the CAN and GNSS hardware.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import urllib.parse

log = logging.getLogger("edge_rollout")
DOCKER_SOCK = "/var/run/docker.sock"
CONTAINER = "fleet-collector"


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
    def __init__(self, sock_path=DOCKER_SOCK, api="v1.43"):
        self.sock_path, self.api = sock_path, api

    def call(self, method, path, body=None, query=None):
        url = f"/{self.api}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return resp.status, data

    def pull(self, image, tag):
        self.call("POST", "/images/create", query={"fromImage": image, "tag": tag})

    def remove(self, name):
        status, _ = self.call("DELETE", f"/containers/{name}", query={"force": "true"})
        return status != 404

    def create_and_start(self, name, spec):
        _, data = self.call("POST", "/containers/create", body=spec, query={"name": name})
        cid = json.loads(data)["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid


def build_spec(image, tag, depot_id, api_url):
    return {
        "Image": f"{image}:{tag}",
        "Env": [f"DEPOT_ID={depot_id}", f"INGEST_URL={api_url}"],
        "Labels": {"com.fleet.role": "collector", "com.fleet.depot": depot_id},
        "HostConfig": {
            # SocketCAN needs NET_ADMIN on the host netns and raw tty access.
            "Privileged": True,
            "NetworkMode": "host",
            "RestartPolicy": {"Name": "on-failure", "MaximumRetryCount": 3},
            "LogConfig": {"Type": "json-file", "Config": {"max-size": "20m"}},
        },
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--image", default="registry.fleet.example/collector")
    ap.add_argument("--tag", default="stable")
    ap.add_argument("--depot", required=True)
    ap.add_argument("--ingest-url", default="https://ingest.fleet.example/v2")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    eng = Engine()
    try:
        log.info("pulling %s:%s", args.image, args.tag)
        eng.pull(args.image, args.tag)
        if eng.remove(CONTAINER):
            log.info("removed previous %s", CONTAINER)
        cid = eng.create_and_start(CONTAINER, build_spec(args.image, args.tag,
                                                         args.depot, args.ingest_url))
    except (OSError, RuntimeError) as exc:
        log.error("rollout failed: %s", exc)
        return 1
    log.info("started %s (%s)", CONTAINER, cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())

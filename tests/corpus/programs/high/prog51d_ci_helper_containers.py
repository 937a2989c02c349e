#!/usr/bin/env python3
"""Start the helper containers our CI jobs expect, via the Docker Engine API.

Helper definitions live in the JSON block below.  We talk to the engine
directly over its unix socket so the runner image needs no docker CLI.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("ci-helpers")

HELPERS = json.loads("""
{
  "socket": "/var/run/docker.sock",
  "api_version": "v1.43",
  "helpers": [
    {"name": "ci-postgres", "image": "postgres:16-alpine",
     "env": ["POSTGRES_PASSWORD=ci", "POSTGRES_DB=app_test"],
     "host_config": {"PortBindings": {"5432/tcp": [{"HostPort": "55432"}]}}},
    {"name": "ci-redis", "image": "redis:7-alpine",
     "host_config": {"PortBindings": {"6379/tcp": [{"HostPort": "56379"}]}}},
    {"name": "ci-buildkit", "image": "moby/buildkit:v0.13.2",
     "host_config": {"Privileged": true}}
  ]
}
""")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path: str, version: str):
        self.path = path
        self.prefix = f"/{version}"

    def call(self, method: str, url: str, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, self.prefix + url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return resp.status, json.loads(data) if data else None

    def ensure(self, helper: dict) -> None:
        status, info = self.call("GET", f"/containers/{helper['name']}/json")
        if status == 200 and info["State"]["Running"]:
            log.info("%s already running", helper["name"])
            return
        if status == 404:
            self.call("POST", f"/images/create?fromImage={helper['image']}")
            spec = {"Image": helper["image"], "Env": helper.get("env", []),
                    "HostConfig": helper.get("host_config", {})}
            self.call("POST", f"/containers/create?name={helper['name']}", spec)
            log.info("created %s", helper["name"])
        self.call("POST", f"/containers/{helper['name']}/start")
        log.info("started %s", helper["name"])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("names", nargs="*", help="subset of helpers to start")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    engine = Engine(HELPERS["socket"], HELPERS["api_version"])
    for helper in HELPERS["helpers"]:
        if args.names and helper["name"] not in args.names:
            continue
        try:
            engine.ensure(helper)
        except (OSError, RuntimeError) as exc:
            log.error("%s: %s", helper["name"], exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""
hangar_stack_deploy -- bring up the hangar booking stack on the club server.

Talks to the local Docker Engine API directly (no docker CLI or SDK on the
club server image) to pull images and (re)create the containers described in
hangar_stack.toml:

    [network]
    name = "hangarnet"

    [[service]]
    name  = "hangar-db"
    image = "postgres:16-alpine"
    env   = { POSTGRES_DB = "hangar", POSTGRES_PASSWORD = "$HANGAR_DB_PASSWORD" }
    volumes = ["hangar-db:/var/lib/postgresql/data"]

    [[service]]
    name  = "hangar-web"
    image = "ghcr.io/flyingclub/hangar-booking:2.3"
    ports = { "8000/tcp" = 8080 }
    env   = { DATABASE_URL = "postgres://postgres:$HANGAR_DB_PASSWORD@hangar-db/hangar" }
"""

import argparse
import http.client
import json
import logging
import os
import socket
import string
import sys
import tomllib
import urllib.parse
from pathlib import Path

log = logging.getLogger("hangar_deploy")

API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, socket_path):
        self.socket_path = socket_path

    def call(self, method, path, body=None, query=None, ok=(200, 201, 204, 304)):
        url = f"/{API_VERSION}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = UnixHTTPConnection(self.socket_path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, url, body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:300]!r}")
        if not data:
            return None
        # image pulls stream newline-delimited JSON progress
        try:
            return json.loads(data)
        except json.JSONDecodeError:
            return [json.loads(x) for x in data.splitlines() if x.strip()]

    def ensure_network(self, name):
        nets = self.call("GET", "/networks", query={"filters": json.dumps({"name": [name]})})
        if any(n["Name"] == name for n in nets):
            return
        self.call("POST", "/networks/create", {"Name": name, "Driver": "bridge"})
        log.info("created network %s", name)

    def pull(self, image):
        repo, _, tag = image.rpartition(":") if ":" in image.split("/")[-1] else (image, "", "latest")
        events = self.call("POST", "/images/create", query={"fromImage": repo, "tag": tag})
        errors = [e["error"] for e in (events or []) if isinstance(e, dict) and "error" in e]
        if errors:
            raise RuntimeError(f"pull {image}: {errors[0]}")
        log.info("pulled %s", image)

    def remove_if_exists(self, name):
        try:
            self.call("DELETE", f"/containers/{name}", query={"force": "true"}, ok=(204,))
            log.info("removed old %s", name)
        except RuntimeError as exc:
            if "404" not in str(exc):
                raise

    def run_service(self, svc, network):
        env = [f"{k}={string.Template(str(v)).substitute(os.environ)}"
               for k, v in svc.get("env", {}).items()]
        ports = svc.get("ports", {})
        spec = {
            "Image": svc["image"],
            "Env": env,
            "ExposedPorts": {p: {} for p in ports},
            "HostConfig": {
                "Binds": svc.get("volumes", []),
                "PortBindings": {p: [{"HostIp": "127.0.0.1", "HostPort": str(h)}]
                                 for p, h in ports.items()},
                "RestartPolicy": {"Name": "unless-stopped"},
                "NetworkMode": network,
            },
            "Labels": {"org.flyingclub.stack": "hangar"},
        }
        self.remove_if_exists(svc["name"])
        created = self.call("POST", "/containers/create", spec, query={"name": svc["name"]})
        self.call("POST", f"/containers/{created['Id']}/start")
        log.info("started %s (%s)", svc["name"], created["Id"][:12])


def main():
    ap = argparse.ArgumentParser(description="deploy the hangar booking stack")
    ap.add_argument("-f", "--file", type=Path, default=Path("hangar_stack.toml"))
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("--only", action="append", help="deploy only these services")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        stack = tomllib.loads(args.file.read_text())
    except (OSError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot read %s: %s", args.file, exc)
        return 1

    engine = Engine(args.socket)
    try:
        info = engine.call("GET", "/version")
        log.info("docker engine %s", info.get("Version"))
        network = stack.get("network", {}).get("name", "hangarnet")
        engine.ensure_network(network)
        for svc in stack.get("service", []):
            if args.only and svc["name"] not in args.only:
                continue
            if not args.no_pull:
                engine.pull(svc["image"])
            engine.run_service(svc, network)
    except KeyError as exc:
        log.error("environment variable %s is not set", exc)
        return 1
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    log.info("stack is up")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Start (or refresh) the event sign-up stack on the group's server.

Talks to the local Docker Engine API directly so the volunteers' box needs
nothing beyond the standard library: pulls the images named in stack.json,
creates a private network, and (re)creates the database and web containers.

    python3 signup_stack_launcher.py up
    python3 signup_stack_launcher.py status
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse

log = logging.getLogger("stack")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, socket_path):
        self.socket_path = socket_path

    def call(self, method, path, body=None, query=None, ok=(200, 201, 204, 304)):
        url = API + path + ("?" + urllib.parse.urlencode(query) if query else "")
        conn = UnixHTTPConnection(self.socket_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        if not raw:
            return None
        try:
            return json.loads(raw)
        except json.JSONDecodeError:
            return raw.decode(errors="replace")

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", "/images/create", query={"fromImage": name, "tag": tag or "latest"})

    def ensure_network(self, name):
        nets = self.call("GET", "/networks", query={"filters": json.dumps({"name": [name]})})
        if not any(n["Name"] == name for n in nets):
            self.call("POST", "/networks/create", {"Name": name, "Driver": "bridge"})

    def remove(self, name):
        self.call("DELETE", f"/containers/{name}", query={"force": "true"}, ok=(204, 404))

    def run(self, name, spec, network):
        body = {
            "Image": spec["image"],
            "Env": [f"{k}={v}" for k, v in spec.get("env", {}).items()],
            "HostConfig": {
                "RestartPolicy": {"Name": "on-failure", "MaximumRetryCount": 3},
                "NetworkMode": network,
                "Binds": spec.get("volumes", []),
                "PortBindings": {f"{c}/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(h)}]
                                 for c, h in spec.get("ports", {}).items()},
            },
        }
        self.call("POST", "/containers/create", body, query={"name": name})
        self.call("POST", f"/containers/{name}/start")

    def status(self, prefix):
        rows = self.call("GET", "/containers/json", query={"all": "true"})
        return [(c["Names"][0].lstrip("/"), c["Image"], c["State"], c["Status"])
                for c in rows if c["Names"][0].lstrip("/").startswith(prefix)]


def load_stack(path):
    with open(path, encoding="utf-8") as fh:
        stack = json.load(fh)
    for key in ("project", "services"):
        if key not in stack:
            raise ValueError(f"stack file missing '{key}'")
    return stack


def up(engine, stack):
    project = stack["project"]
    network = f"{project}_net"
    engine.ensure_network(network)
    for svc, spec in stack["services"].items():
        name = f"{project}_{svc}"
        log.info("pulling %s", spec["image"])
        engine.pull(spec["image"])
        engine.remove(name)
        engine.run(name, spec, network)
        log.info("started %s", name)
        time.sleep(spec.get("settle", 0))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=["up", "status", "down"])
    ap.add_argument("--stack", default="stack.json")
    ap.add_argument("--socket", default="/var/run/docker.sock")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        stack = load_stack(args.stack)
        engine = Engine(args.socket)
        if args.action == "up":
            up(engine, stack)
        elif args.action == "down":
            for svc in stack["services"]:
                engine.remove(f"{stack['project']}_{svc}")
                log.info("removed %s_%s", stack["project"], svc)
        for row in engine.status(stack["project"]):
            print("{:<28} {:<32} {:<10} {}".format(*row))
    except (OSError, ValueError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

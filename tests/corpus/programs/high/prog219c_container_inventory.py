#!/usr/bin/env python3
"""Inventory containers on the cluster's service hosts (JupyterHub, Open
OnDemand, monitoring) by talking directly to the local container engine API.

Writes a CSV into the current directory so the weekly ops review can see
which service containers are running, from which image, and with what
restart policy.
"""
import argparse
import csv
import http.client
import json
import logging
import os
import socket
import sys

LOG = logging.getLogger("ctr-inventory")

ENGINE = {
    "sock_parts": ("", "var", "run", "docker.sock"),
    "api": "v1.41",
    "timeout": 10,
}


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that speaks over an AF_UNIX stream socket."""

    def __init__(self, path, timeout):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class EngineClient:
    def __init__(self, cfg):
        self.path = "/".join(cfg["sock_parts"])
        self.api = cfg["api"]
        self.timeout = cfg["timeout"]

    def get(self, route, **params):
        query = "&".join("%s=%s" % kv for kv in params.items())
        url = "/%s%s%s" % (self.api, route, ("?" + query) if query else "")
        conn = UnixHTTPConnection(self.path, self.timeout)
        try:
            conn.request("GET", url, headers={"Host": "engine"})
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError("engine returned %d for %s" % (resp.status, route))
            return json.loads(body or b"null")
        finally:
            conn.close()

    def containers(self, include_stopped=False):
        return self.get("/containers/json", all=int(include_stopped))

    def inspect(self, cid):
        return self.get("/containers/%s/json" % cid)


def summarise(client, include_stopped):
    rows = []
    for c in client.containers(include_stopped):
        detail = client.inspect(c["Id"])
        host_cfg = detail.get("HostConfig", {})
        rows.append({
            "name": (c.get("Names") or ["?"])[0].lstrip("/"),
            "image": c.get("Image", ""),
            "state": c.get("State", ""),
            "restart": (host_cfg.get("RestartPolicy") or {}).get("Name", ""),
            "privileged": host_cfg.get("Privileged", False),
            "network": host_cfg.get("NetworkMode", ""),
        })
    return rows


def write_csv(rows, out):
    fields = ["name", "image", "state", "restart", "privileged", "network"]
    with open(out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        for r in rows:
            w.writerow(r)
    os.chmod(out, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-a", "--all", action="store_true", help="include stopped containers")
    ap.add_argument("-o", "--output", default="container_inventory.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    client = EngineClient(ENGINE)
    if not os.path.exists(client.path):
        LOG.error("container engine socket not found at %s", client.path)
        return 1
    try:
        rows = summarise(client, args.all)
    except (OSError, RuntimeError, ValueError) as exc:
        LOG.error("inventory failed: %s", exc)
        return 1
    write_csv(rows, args.output)
    flagged = [r["name"] for r in rows if r["privileged"]]
    LOG.info("%d containers written to %s", len(rows), args.output)
    if flagged:
        LOG.warning("privileged containers: %s", ", ".join(flagged))
    return 0


if __name__ == "__main__":
    sys.exit(main())

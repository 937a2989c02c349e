#!/usr/bin/env python3
"""order_sync_container_restart - roll the livestock order-sync containers.

After the wholesaler changes its API settings (new key, new cut-off time)
the order-sync worker containers have to be restarted one at a time so at
least one keeps draining the till export queue.  This talks to the local
Docker Engine API directly, so it works on the shop NAS where the docker
CLI is not installed.

    order_sync_container_restart.py --label app=livestock-sync --wait 90
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse

log = logging.getLogger("rollout")
DOCKER_SOCK = "/var/run/docker.sock"
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, query=None, body=None):
        url = f"/{API_VERSION}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = UnixHTTPConnection(self.sock_path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, url, body=json.dumps(body) if body is not None else None, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def containers(self, label):
        filters = json.dumps({"label": [label], "status": ["running"]})
        return self.call("GET", "/containers/json", {"filters": filters})

    def restart(self, cid, grace=20):
        self.call("POST", f"/containers/{cid}/restart", {"t": grace})

    def state(self, cid):
        return self.call("GET", f"/containers/{cid}/json")["State"]


def wait_healthy(engine, cid, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        st = engine.state(cid)
        health = st.get("Health", {}).get("Status")
        if st.get("Running") and health in (None, "healthy"):
            return True
        if health == "unhealthy" or st.get("Status") == "exited":
            return False
        time.sleep(3)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--label", default="app=livestock-sync")
    ap.add_argument("--wait", type=int, default=90, help="seconds to wait for each container to be healthy")
    ap.add_argument("--grace", type=int, default=20, help="stop timeout passed to the engine")
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    try:
        targets = engine.containers(args.label)
    except (OSError, RuntimeError) as exc:
        log.error("cannot reach docker engine at %s: %s", args.socket, exc)
        return 1
    if not targets:
        log.warning("no running containers with label %s", args.label)
        return 0

    for c in targets:
        name = c["Names"][0].lstrip("/")
        log.info("restarting %s (%s)", name, c["Image"])
        if args.dry_run:
            continue
        try:
            engine.restart(c["Id"], args.grace)
        except RuntimeError as exc:
            log.error("%s: %s", name, exc)
            return 1
        if not wait_healthy(engine, c["Id"], args.wait):
            log.error("%s did not come back healthy, stopping the rollout", name)
            return 1
        log.info("%s healthy", name)
    log.info("rolled %d containers", len(targets))
    return 0


if __name__ == "__main__":
    sys.exit(main())

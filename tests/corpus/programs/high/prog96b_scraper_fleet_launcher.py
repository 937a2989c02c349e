#!/usr/bin/env python3
"""Launch and supervise the carrier rate scraper fleet on the quoting host.

One scraper container per carrier portal, so a portal that changes its markup
or starts blocking us only takes down its own worker.  Talks to the local
container engine directly over its API socket (no docker CLI on the box),
creates missing workers, restarts dead ones and prunes workers for carriers
that were removed from fleet.json.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from urllib.parse import quote

log = logging.getLogger("fleet")

ENGINE_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
LABEL = "com.ratedesk.fleet"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=ENGINE_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, API + path, body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def workers(self):
        flt = quote(json.dumps({"label": [LABEL]}))
        return {c["Labels"][LABEL]: c for c in self.call("GET", f"/containers/json?all=1&filters={flt}")}

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={quote(name)}&tag={quote(tag or 'latest')}")

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={quote(name)}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")


def worker_spec(carrier, cfg):
    env = [f"CARRIER={carrier['name']}", f"PORTAL_URL={carrier['url']}",
           f"SCHEDULE={carrier.get('schedule', '0 */4 * * *')}",
           f"RESULTS_URL={cfg['results_url']}"]
    env += [f"{k}={os.environ[k]}" for k in carrier.get("pass_env", []) if k in os.environ]
    return {
        "Image": cfg["image"],
        "Env": env,
        "Labels": {LABEL: carrier["name"]},
        "HostConfig": {
            "RestartPolicy": {"Name": "unless-stopped"},
            "Memory": cfg.get("memory_mb", 512) * 1024 * 1024,
            "NanoCpus": int(cfg.get("cpus", 0.5) * 1e9),
            "Binds": [f"{os.path.abspath(cfg.get('cache_dir', 'cache'))}/{carrier['name']}:/cache"],
            "LogConfig": {"Type": "json-file", "Config": {"max-size": "10m", "max-file": "3"}},
        },
    }


def reconcile(engine, cfg, dry_run=False):
    wanted = {c["name"]: c for c in cfg["carriers"] if c.get("enabled", True)}
    current = engine.workers()
    for name, c in current.items():
        if name not in wanted:
            log.info("removing worker for dropped carrier %s", name)
            if not dry_run:
                engine.remove(c["Id"])
    for name, carrier in wanted.items():
        c = current.get(name)
        if c and c["State"] == "running":
            continue
        if c:
            log.warning("worker %s is %s, recreating", name, c["State"])
            if not dry_run:
                engine.remove(c["Id"])
        log.info("starting worker %s", name)
        if not dry_run:
            os.makedirs(os.path.join(cfg.get("cache_dir", "cache"), name), exist_ok=True)
            cid = engine.create(f"rates-{name}", worker_spec(carrier, cfg))
            engine.start(cid)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-f", "--fleet", default="fleet.json")
    ap.add_argument("--watch", type=int, default=0, help="re-check every N seconds")
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    with open(args.fleet) as fh:
        cfg = json.load(fh)
    engine = Engine()
    try:
        if not args.no_pull and not args.dry_run:
            log.info("pulling %s", cfg["image"])
            engine.pull(cfg["image"])
        while True:
            reconcile(engine, cfg, args.dry_run)
            if not args.watch:
                break
            time.sleep(args.watch)
    except (OSError, RuntimeError) as exc:
        log.error("container engine: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

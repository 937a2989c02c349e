#!/usr/bin/env python3
"""Start one call-out sync worker container per region.

Each region (north, south, coast, ...) has its own client portal contract,
so the dispatch server runs one nvg/callout-sync container per region. This
launcher reads regions.json, makes sure each worker is running
with the current image and restarts any that exited. Uses the Engine API
directly so the dispatch box doesn't need the docker CLI or SDK installed.

    callout_worker_launcher.py --regions regions.json --image nvg/callout-sync:2.3
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.parse

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"
LABEL = "uk.co.northvale.role"

log = logging.getLogger("worker-launcher")


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
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, query=None):
        conn = UnixHTTPConnection(self.sock_path)
        url = API + path
        if query:
            url += "?" + urllib.parse.urlencode(query)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        try:
            conn.request(method, url, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def workers(self):
        flt = json.dumps({"label": [f"{LABEL}=callout-worker"]})
        return self.call("GET", "/containers/json", query={"all": "1", "filters": flt})

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", "/images/create", query={"fromImage": name, "tag": tag or "latest"})

    def create(self, name, image, region, env, workdir):
        spec = {
            "Image": image,
            "Env": [f"{k}={v}" for k, v in env.items()] + [f"NVG_REGION={region}"],
            "Labels": {LABEL: "callout-worker", f"{LABEL}.region": region},
            "HostConfig": {
                "Binds": [f"{workdir}/boards/{region}:/app/out"],
                "RestartPolicy": {"Name": "unless-stopped"},
                "Memory": 256 * 1024 * 1024,
            },
        }
        return self.call("POST", "/containers/create", body=spec, query={"name": name})["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}", query={"force": "1"})


def ensure_region(engine, existing, region, cfg, image, workdir):
    name = f"callout-{region}"
    current = existing.get(f"/{name}")
    if current and current["Image"] == image and current["State"] == "running":
        log.info("%s up to date", name)
        return False
    if current:
        log.info("replacing %s (state %s, image %s)", name, current["State"], current["Image"])
        engine.remove(current["Id"])
    os.makedirs(os.path.join(workdir, "boards", region), exist_ok=True)
    env = {"NVG_CONTRACT": cfg["contract"], "NVG_POLL_SECONDS": str(cfg.get("poll", 120))}
    token_var = cfg.get("token_env", f"NVG_TOKEN_{region.upper()}")
    if token_var in os.environ:
        env["NVG_PORTAL_TOKEN"] = os.environ[token_var]
    cid = engine.create(name, image, region, env, workdir)
    engine.start(cid)
    log.info("started %s (%s)", name, cid[:12])
    return True


def main():
    ap = argparse.ArgumentParser(description="Run one call-out worker container per region")
    ap.add_argument("--regions", default="regions.json")
    ap.add_argument("--image", default="nvg/callout-sync:2.3")
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("--watch", type=int, default=0, help="re-check every N seconds")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        with open(args.regions, encoding="utf-8") as fh:
            regions = json.load(fh)
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.regions, exc)
        return 1

    engine = Engine(DOCKER_SOCK)
    workdir = os.path.abspath(".")
    try:
        if not args.no_pull:
            engine.pull(args.image)
        while True:
            existing = {c["Names"][0]: c for c in engine.workers()}
            changed = sum(ensure_region(engine, existing, r, cfg, args.image, workdir)
                          for r, cfg in regions.items())
            log.info("%d of %d workers (re)started", changed, len(regions))
            if not args.watch:
                break
            time.sleep(args.watch)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

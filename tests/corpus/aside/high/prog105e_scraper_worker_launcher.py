#!/usr/bin/env python3
"""Launch review-scraper workers as containers on the analytics box.

Each retailer gets its own short-lived worker container so a blocked
IP or broken selector on one site doesn't stall the others. Talks to the
local container engine API directly to avoid pulling in the docker SDK
on the analytics image.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import yaml

LOG = logging.getLogger("worker_launcher")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")
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
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, f"/{API_VERSION}{url}",
                         body=json.dumps(body) if body is not None else None, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
            return json.loads(raw) if raw and raw[:1] in b"[{" else raw
        finally:
            conn.close()

    def run_worker(self, image, retailer, out_dir, env):
        name = f"review-worker-{retailer}-{int(time.time())}"
        spec = {
            "Image": image,
            "Cmd": ["python", "-m", "scraper.worker", "--retailer", retailer, "--out", "/out"],
            "Env": [f"{k}={v}" for k, v in env.items()],
            "Labels": {"glowcrate.role": "review-worker", "glowcrate.retailer": retailer},
            "HostConfig": {
                "Binds": [f"{os.path.abspath(out_dir)}:/out"],
                "AutoRemove": False,
                "Memory": 512 * 1024 * 1024,
            },
        }
        created = self.call("POST", f"/containers/create?name={name}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        LOG.info("started %s (%s)", name, cid[:12])
        return cid

    def wait(self, cid):
        result = self.call("POST", f"/containers/{cid}/wait")
        return result.get("StatusCode", -1)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=true")


def load_plan(path):
    with open(path) as fh:
        plan = yaml.safe_load(fh)
    return plan.get("image", "glowcrate/review-scraper:latest"), plan.get("retailers", [])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--plan", default="scrape_plan.yaml")
    ap.add_argument("--out", default="data/raw")
    ap.add_argument("--parallel", type=int, default=3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    image, retailers = load_plan(args.plan)
    if not retailers:
        LOG.error("no retailers in %s", args.plan)
        return 2
    os.makedirs(args.out, exist_ok=True)

    engine = Engine(ENGINE_SOCKET)
    env = {"SCRAPER_USER_AGENT": os.environ.get("SCRAPER_USER_AGENT", "GlowCrateReviewBot/2.1")}
    failures = 0
    pending = list(retailers)
    while pending:
        batch, pending = pending[:args.parallel], pending[args.parallel:]
        running = [(r, engine.run_worker(image, r, args.out, env)) for r in batch]
        for retailer, cid in running:
            code = engine.wait(cid)
            engine.remove(cid)
            if code != 0:
                failures += 1
                LOG.warning("%s worker exited with %s", retailer, code)
            else:
                LOG.info("%s done", retailer)
    LOG.info("%d/%d retailers scraped", len(retailers) - failures, len(retailers))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Run the nightly bookings -> accounts reconciliation in its container.

The reconciliation image (paddlebook/reconcile) exports the day's bookings,
matches them against card terminal settlements and posts journals to the
accounts package. It also reads the licence dongle for the accounts package,
which is plugged into this host's USB, so the container needs device access.

Talks straight to the Docker Engine API so the office box does not need the
docker CLI or SDK installed.

    nightly_sync_container.py [--date 2024-06-01] [--image paddlebook/reconcile:2.8]
"""
import argparse
import datetime as dt
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("nightly_sync")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204), timeout=60):
        conn = UnixHTTPConnection(self.sock_path, timeout=timeout)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            conn.request(method, API + path, body=payload,
                         headers={"Content-Type": "application/json"} if payload else {})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status not in expect:
                raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:300]!r}")
            return json.loads(data) if data and data[:1] in b"{[" else data
        finally:
            conn.close()

    def pull(self, image):
        repo, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag or 'latest'}", timeout=600)

    def run(self, image, name, env, workdir):
        spec = {
            "Image": image,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "HostConfig": {
                "Privileged": True,
                "Binds": [f"{workdir}:/work"],
                "AutoRemove": False,
            },
            "WorkingDir": "/work",
        }
        created = self.call("POST", f"/containers/create?name={name}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid, timeout):
        return self.call("POST", f"/containers/{cid}/wait", timeout=timeout)["StatusCode"]

    def logs(self, cid):
        raw = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
        out, i = [], 0
        while i + 8 <= len(raw):  # multiplexed stream frames
            size = int.from_bytes(raw[i + 4:i + 8], "big")
            out.append(raw[i + 8:i + 8 + size].decode(errors="replace"))
            i += 8 + size
        return "".join(out)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1", expect=(204, 404))


def main():
    ap = argparse.ArgumentParser(description="Nightly reconciliation runner")
    ap.add_argument("--date", default=(dt.date.today() - dt.timedelta(days=1)).isoformat())
    ap.add_argument("--image", default="paddlebook/reconcile:2.8")
    ap.add_argument("--timeout", type=int, default=1800)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        log.error("docker socket %s not found", DOCKER_SOCK)
        return 2
    engine = Engine(DOCKER_SOCK)
    env = {
        "RECON_DATE": args.date,
        "PADDLEBOOK_API_KEY": os.environ.get("PADDLEBOOK_API_KEY", ""),
        "ACCOUNTS_URL": os.environ.get("ACCOUNTS_URL", "http://accounts.local:8080"),
    }
    name = f"reconcile-{args.date}-{int(time.time())}"
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        cid = engine.run(args.image, name, env, os.getcwd())
        log.info("started %s (%s)", name, cid[:12])
        code = engine.wait(cid, args.timeout)
        with open(f"reconcile_{args.date}.log", "w", encoding="utf-8") as fh:
            fh.write(engine.logs(cid))
        engine.remove(cid)
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("reconciliation run failed: %s", exc)
        return 1
    log.info("reconciliation for %s finished with exit code %s", args.date, code)
    return 0 if code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

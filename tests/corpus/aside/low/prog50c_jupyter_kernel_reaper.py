#!/usr/bin/env python3
"""Shut down idle kernels on a remote Jupyter server.

Lists kernels through the Jupyter REST API and interrupts or deletes those
idle longer than a threshold.  The API token is read from JUPYTER_TOKEN and
is only sent to the Jupyter server given on the command line.
"""
import argparse
import datetime as dt
import json
import logging
import os
import sys
import urllib.error
import urllib.request

logger = logging.getLogger("kernel-reaper")


class JupyterClient:
    def __init__(self, base_url, token, timeout=10):
        self.base = base_url.rstrip("/")
        self.timeout = timeout
        self.headers = {"Authorization": f"token {token}",
                        "Content-Type": "application/json"}

    def _call(self, method, path, payload=None):
        data = json.dumps(payload).encode() if payload is not None else None
        req = urllib.request.Request(self.base + path, data=data,
                                     headers=self.headers, method=method)
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            raw = resp.read()
        return json.loads(raw) if raw else None

    def kernels(self):
        return self._call("GET", "/api/kernels") or []

    def interrupt(self, kernel_id):
        return self._call("POST", f"/api/kernels/{kernel_id}/interrupt", {})

    def shutdown(self, kernel_id):
        return self._call("DELETE", f"/api/kernels/{kernel_id}")


def idle_minutes(kernel, now):
    stamp = kernel.get("last_activity")
    if not stamp:
        return 0.0
    last = dt.datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    return (now - last).total_seconds() / 60.0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("server", help="e.g. https://notebooks.internal:8888")
    ap.add_argument("--idle", type=float, default=120.0, help="minutes")
    ap.add_argument("--action", choices=("report", "interrupt", "shutdown"),
                    default="report")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.environ.get("JUPYTER_TOKEN")
    if not token:
        logger.error("JUPYTER_TOKEN is not set")
        return 2
    client = JupyterClient(args.server, token)

    try:
        kernels = client.kernels()
    except urllib.error.URLError as exc:
        logger.error("cannot reach %s: %s", args.server, exc)
        return 1

    now = dt.datetime.now(dt.timezone.utc)
    reaped = 0
    for kern in kernels:
        minutes = idle_minutes(kern, now)
        state = kern.get("execution_state", "?")
        logger.info("%s %-8s %-10s idle %.0f min", kern["id"][:8],
                    kern.get("name", "?"), state, minutes)
        if minutes < args.idle or args.action == "report":
            continue
        try:
            if args.action == "interrupt" and state == "busy":
                client.interrupt(kern["id"])
            elif args.action == "shutdown":
                client.shutdown(kern["id"])
            reaped += 1
        except urllib.error.HTTPError as exc:
            logger.warning("failed on %s: %s", kern["id"], exc)
    logger.info("%d kernel(s) handled with action=%s", reaped, args.action)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Watch an OctoPrint instance and push a notification when a job finishes.

The OctoPrint API key is read from OCTOPRINT_API_KEY and is only ever sent to
the OctoPrint host.  The ntfy-style push service token is read from
PUSH_TOKEN and is only ever sent to the push service.
"""
import argparse
import logging
import os
import sys
import time

import requests

log = logging.getLogger("job_notifier")


class OctoPrintClient:
    def __init__(self, base_url: str, api_key: str, timeout: float = 8.0):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers["X-Api-Key"] = api_key
        self.timeout = timeout

    def job(self) -> dict:
        resp = self.session.get(f"{self.base_url}/api/job", timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


class PushService:
    def __init__(self, endpoint: str, token: str):
        self.endpoint = endpoint
        self.token = token

    def send(self, title: str, message: str, priority: int = 3) -> None:
        payload = {"title": title, "message": message, "priority": priority,
                   "tags": ["printer"]}
        resp = requests.post(self.endpoint, json=payload, timeout=10,
                             headers={"Authorization": f"Bearer {self.token}"})
        if resp.status_code >= 400:
            log.warning("push failed: %s %s", resp.status_code, resp.text[:200])


def describe(job: dict) -> str:
    name = (job.get("job", {}).get("file") or {}).get("name") or "unknown"
    progress = job.get("progress") or {}
    secs = progress.get("printTime") or 0
    return f"{name} finished after {secs // 3600}h{(secs % 3600) // 60:02d}m"


def require_env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        log.error("environment variable %s is not set", name)
        sys.exit(2)
    return value


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--octoprint", default="http://octopi.local")
    ap.add_argument("--push-url", default="https://ntfy.sh/workshop-printer")
    ap.add_argument("--interval", type=float, default=30.0)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    printer = OctoPrintClient(args.octoprint, require_env("OCTOPRINT_API_KEY"))
    push = PushService(args.push_url, require_env("PUSH_TOKEN"))
    last_state = None
    while True:
        try:
            job = printer.job()
        except requests.RequestException as exc:
            log.warning("octoprint unreachable: %s", exc)
            job = None
        if job:
            state = job.get("state", "Unknown")
            if last_state and last_state.startswith("Printing") and state == "Operational":
                push.send("Print complete", describe(job))
                log.info("notified: %s", describe(job))
            elif state.startswith("Error") and state != last_state:
                push.send("Printer error", state, priority=5)
            last_state = state
        if args.once:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())

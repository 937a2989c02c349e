#!/usr/bin/env python3
"""Poll the board-farm controller and push a health digest to the lab dashboard.

The controller exposes GET /api/v1/boards; every board has a state, its last
boot log tail and the relay channel it hangs on. Boards that failed to reach
a login prompt are collected into a digest that is posted to the dashboard
API, authenticated with the dashboard token from the environment.
"""
import argparse
import logging
import os
import sys
import time
from collections import Counter

import requests

LOG = logging.getLogger("farm-health")
DEFAULT_CONTROLLER = "http://farm-ctl.lab.internal:8080"
DEFAULT_DASHBOARD = "https://dashboard.lab.internal/api/digests"
BAD_STATES = {"boot_timeout", "no_console", "kernel_panic", "power_fault"}


class FarmClient:
    def __init__(self, base_url: str, timeout: float = 10.0):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()

    def boards(self) -> list[dict]:
        resp = self.session.get(f"{self.base_url}/api/v1/boards", timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("boards", [])

    def alive(self) -> bool:
        try:
            return self.session.head(f"{self.base_url}/healthz", timeout=self.timeout).ok
        except requests.RequestException:
            return False


def build_digest(boards: list[dict]) -> dict:
    states = Counter(b.get("state", "unknown") for b in boards)
    broken = [
        {
            "name": b.get("name"),
            "state": b.get("state"),
            "relay": b.get("relay_channel"),
            "log_tail": (b.get("boot_log") or "")[-400:],
        }
        for b in boards
        if b.get("state") in BAD_STATES
    ]
    return {
        "generated_at": int(time.time()),
        "total": len(boards),
        "by_state": dict(states),
        "broken": broken,
    }


def post_digest(url: str, digest: dict, token: str) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    resp = requests.post(url, json=digest, headers=headers, timeout=15)
    resp.raise_for_status()
    LOG.info("digest accepted by dashboard (%s)", resp.status_code)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--controller", default=os.environ.get("FARM_CONTROLLER", DEFAULT_CONTROLLER))
    ap.add_argument("--dashboard", default=DEFAULT_DASHBOARD)
    ap.add_argument("--dry-run", action="store_true", help="print digest instead of posting")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    client = FarmClient(args.controller)
    if not client.alive():
        LOG.error("controller %s is not answering", args.controller)
        return 1

    try:
        boards = client.boards()
    except (requests.RequestException, ValueError) as exc:
        LOG.error("could not list boards: %s", exc)
        return 1

    digest = build_digest(boards)
    LOG.info("%d boards, %d broken", digest["total"], len(digest["broken"]))
    if args.dry_run:
        print(digest)
        return 0

    token = os.environ.get("LAB_DASHBOARD_TOKEN")
    if not token:
        LOG.error("LAB_DASHBOARD_TOKEN is not set")
        return 1
    try:
        post_digest(args.dashboard, digest, token)
    except requests.RequestException as exc:
        LOG.error("dashboard rejected digest: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Watch a beacon node's head slot and restart its systemd unit when it stalls.

Intended for an operator account with a sudoers rule allowing
`systemctl restart <unit>` without a password.
"""
import argparse
import json
import logging
import subprocess
import time
import urllib.request
from dataclasses import dataclass

logger = logging.getLogger("stall-guard")


@dataclass
class GuardState:
    last_slot: int = -1
    last_progress: float = 0.0
    restarts: list = None

    def __post_init__(self):
        self.restarts = self.restarts or []


def head_slot(api: str) -> int:
    with urllib.request.urlopen(f"{api}/eth/v1/beacon/headers/head", timeout=5) as r:
        return int(json.load(r)["data"]["header"]["message"]["slot"])


def unit_active(unit: str) -> bool:
    rc = subprocess.call(["systemctl", "is-active", "--quiet", unit])
    return rc == 0


def restart_unit(unit: str, dry_run: bool) -> bool:
    cmd = ["sudo", "-n", "systemctl", "restart", unit]
    if dry_run:
        logger.warning("dry-run: %s", " ".join(cmd))
        return True
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=90)
    if proc.returncode:
        logger.error("restart failed: %s", proc.stderr.strip())
        return False
    return True


def tick(state: GuardState, args) -> None:
    now = time.time()
    try:
        slot = head_slot(args.api)
    except OSError as exc:
        logger.warning("beacon api unreachable: %s", exc)
        slot = state.last_slot
    if slot > state.last_slot:
        state.last_slot, state.last_progress = slot, now
        logger.debug("head slot %d", slot)
        return
    stalled_for = now - state.last_progress
    if stalled_for < args.stall_seconds:
        return
    state.restarts = [t for t in state.restarts if now - t < 3600]
    if len(state.restarts) >= args.max_restarts_per_hour:
        logger.error("stalled %.0fs but restart budget exhausted", stalled_for)
        return
    logger.warning("no new head for %.0fs (slot %d); restarting %s",
                   stalled_for, state.last_slot, args.unit)
    if restart_unit(args.unit, args.dry_run):
        state.restarts.append(now)
        state.last_progress = now


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--api", default="http://127.0.0.1:5052")
    ap.add_argument("--unit", default="lighthouse-beacon.service")
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--stall-seconds", type=int, default=300)
    ap.add_argument("--max-restarts-per-hour", type=int, default=2)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not unit_active(args.unit):
        logger.warning("%s is not active right now", args.unit)
    state = GuardState(last_progress=time.time())
    while True:
        tick(state, args)
        time.sleep(args.interval)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass

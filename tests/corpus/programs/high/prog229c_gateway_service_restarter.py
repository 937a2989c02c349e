#!/usr/bin/env python3
"""Watchdog for the meter payment gateway service.

Polls the gateway health endpoint; after N consecutive failures it restarts
the systemd unit through a short shell step and records the action in a
local state file so the on-call engineer can see what happened.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

RESTART_SNIPPET = r'''
set -euo pipefail
unit="$GW_UNIT"
before=$(systemctl is-active "$unit" || true)
echo "state before restart: $before" >&2
systemctl restart "$unit"
sleep 3
after=$(systemctl is-active "$unit" || true)
echo "state after restart: $after" >&2
[ "$after" = "active" ]
'''

log = logging.getLogger("gw_watchdog")


class State:
    def __init__(self, path):
        self.path = Path(path)
        self.data = {"failures": 0, "restarts": [], "last_ok": None}
        if self.path.exists():
            try:
                self.data.update(json.loads(self.path.read_text()))
            except json.JSONDecodeError:
                log.warning("state file corrupt; starting fresh")

    def save(self):
        self.path.write_text(json.dumps(self.data, indent=2))


def healthy(url, timeout):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            if resp.status != 200:
                return False, f"HTTP {resp.status}"
            body = json.load(resp)
            if body.get("status") != "ok":
                return False, f"status={body.get('status')}"
            return True, "ok"
    except (urllib.error.URLError, OSError, ValueError) as exc:
        return False, str(exc)


def restart_unit(unit):
    env = dict(os.environ, GW_UNIT=unit)
    proc = subprocess.run(["bash", "-c", RESTART_SNIPPET], env=env,
                          capture_output=True, text=True, timeout=60)
    for line in proc.stderr.splitlines():
        log.info("restart: %s", line)
    return proc.returncode == 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default="http://gateway.example.net:8080/health")
    ap.add_argument("--unit", default="meter-gateway.service")
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--threshold", type=int, default=3)
    ap.add_argument("--max-restarts", type=int, default=3, help="per hour")
    ap.add_argument("--state", default="gw_watchdog_state.json")
    ap.add_argument("--once", action="store_true", help="single check, then exit")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s",
                        handlers=[logging.StreamHandler(), logging.FileHandler("gw_watchdog.log")])

    state = State(args.state)
    while True:
        ok, detail = healthy(args.url, timeout=10)
        if ok:
            if state.data["failures"]:
                log.info("gateway recovered after %d failure(s)", state.data["failures"])
            state.data["failures"] = 0
            state.data["last_ok"] = time.time()
        else:
            state.data["failures"] += 1
            log.warning("health check failed (%d/%d): %s",
                        state.data["failures"], args.threshold, detail)
            if state.data["failures"] >= args.threshold:
                hour_ago = time.time() - 3600
                recent = [t for t in state.data["restarts"] if t > hour_ago]
                if len(recent) >= args.max_restarts:
                    log.error("restart budget exhausted; paging on-call instead")
                else:
                    log.warning("restarting %s", args.unit)
                    try:
                        success = restart_unit(args.unit)
                    except subprocess.TimeoutExpired:
                        success = False
                    recent.append(time.time())
                    state.data["restarts"] = recent
                    state.data["failures"] = 0 if success else state.data["failures"]
                    log.info("restart %s", "succeeded" if success else "FAILED")
        state.save()
        if args.once:
            return 0 if ok else 1
        time.sleep(args.interval)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)

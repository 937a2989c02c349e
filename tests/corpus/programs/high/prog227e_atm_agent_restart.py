#!/usr/bin/env python3
"""Check and restart the ATM agent services on a branch controller.

The controller runs a handful of systemd services (journal uploader,
device monitor, cash-level reporter).  After a network outage some of them
stay failed.  This tool asks systemd about each one and generates a small
shell step that restarts the failed services, then reports the result.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

LOG = logging.getLogger("atm-agent-restart")

DEFAULT_SERVICES = [
    "atm-journal-uploader.service",
    "atm-device-monitor.service",
    "atm-cash-reporter.service",
]


@dataclass
class ServiceState:
    name: str
    active: str = "unknown"
    restarted: bool = False
    notes: list = field(default_factory=list)


def query_state(name):
    proc = subprocess.run(["systemctl", "is-active", name],
                          capture_output=True, text=True)
    return proc.stdout.strip() or "unknown"


def build_restart_step(names):
    lines = ["#!/bin/bash", "set -u", 'for svc in $RESTART_LIST; do',
             '    echo "restarting $svc"',
             '    systemctl reset-failed "$svc" 2>/dev/null',
             '    if systemctl restart "$svc"; then',
             '        echo "ok $svc"',
             '    else',
             '        echo "fail $svc"',
             '    fi',
             'done']
    return "\n".join(lines) + "\n", " ".join(names)


def run_restart(names):
    script, restart_list = build_restart_step(names)
    fd, path = tempfile.mkstemp(prefix="atm-restart-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(script)
    try:
        proc = subprocess.run(["bash", path], capture_output=True, text=True,
                              env=dict(os.environ, RESTART_LIST=restart_list),
                              timeout=180)
    finally:
        os.unlink(path)
    results = {}
    for line in proc.stdout.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] in ("ok", "fail"):
            results[parts[1]] = parts[0] == "ok"
    if proc.stderr.strip():
        LOG.debug("restart stderr: %s", proc.stderr.strip())
    return results


def load_services(path):
    if not path:
        return DEFAULT_SERVICES
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    services = data.get("services", [])
    if not all(isinstance(s, str) and s.endswith(".service") for s in services):
        raise ValueError("services must be a list of *.service names")
    return services


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--services", help="JSON file with a 'services' list")
    ap.add_argument("--check-only", action="store_true")
    ap.add_argument("--out", default="agent_restart_report.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        names = load_services(args.services)
    except (OSError, ValueError) as exc:
        LOG.error("bad service list: %s", exc)
        return 2

    states = [ServiceState(n, query_state(n)) for n in names]
    for st in states:
        LOG.info("%-32s %s", st.name, st.active)
    failed = [st.name for st in states if st.active in ("failed", "inactive")]

    if failed and not args.check_only:
        LOG.info("restarting %d service(s)", len(failed))
        results = run_restart(failed)
        for st in states:
            if st.name in results:
                st.restarted = results[st.name]
                st.active = query_state(st.name)
                st.notes.append("restart ok" if st.restarted else "restart failed")

    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump([st.__dict__ for st in states], fh, indent=2)
    LOG.info("report written to %s", args.out)
    return 0 if all(st.active == "active" for st in states) else 1


if __name__ == "__main__":
    sys.exit(main())

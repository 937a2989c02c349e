#!/usr/bin/env python3
"""Show audio services helper.

The sound operator's laptop runs a few services for the show: the JACK
server for the playback rig, the QLab-style cue player and the network
audio bridge to the venue desk. When something stalls mid-show the
operator needs one command to see and restart them.
"""

import argparse
import logging
import shutil
import subprocess
import sys
from dataclasses import dataclass

log = logging.getLogger("show-audio")


@dataclass
class Service:
    unit: str
    description: str
    critical: bool = True


SERVICES = {
    "jack": Service("jackd.service", "JACK audio server"),
    "cues": Service("cueplayer.service", "cue playback"),
    "bridge": Service("aes67-bridge.service", "network audio bridge", critical=False),
}

# how each action maps onto the service manager
ACTIONS = {
    "status": ("is-active",),
    "restart": ("restart",),
    "stop": ("stop",),
    "start": ("start",),
}


def _admin_prefix() -> list:
    for tool in ("sudo", "doas"):
        path = shutil.which(tool)
        if path:
            return [path, "-n"] if tool == "sudo" else [path]
    return []


def manager_cmd(action: str, unit: str) -> list:
    verb = ACTIONS[action]
    cmd = ["system" + "ctl", *verb, unit]
    if action != "status":
        cmd = _admin_prefix() + cmd
    return cmd


def run_action(action: str, svc: Service) -> bool:
    cmd = manager_cmd(action, svc.unit)
    log.debug("running %s", " ".join(cmd))
    try:
        result = subprocess.run(cmd, capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        log.error("%s timed out for %s", action, svc.description)
        return False
    ok = result.returncode == 0
    if action == "status":
        state = result.stdout.strip() or "unknown"
        log.info("%-24s %s", svc.description, state)
    elif ok:
        log.info("%s: %s done", svc.description, action)
    else:
        log.error("%s: %s failed: %s", svc.description, action, result.stderr.strip())
    return ok


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("action", choices=sorted(ACTIONS))
    parser.add_argument("services", nargs="*",
                        help="which services: %s (default: all)" % ", ".join(SERVICES))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    names = args.services or list(SERVICES)
    unknown = [n for n in names if n not in SERVICES]
    if unknown:
        parser.error("unknown service(s): " + ", ".join(unknown))
    failures = 0
    for name in names:
        svc = SERVICES[name]
        if not run_action(args.action, svc) and svc.critical:
            failures += 1

    if failures and args.action == "restart":
        log.warning("critical service(s) did not restart; switch to the backup laptop")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

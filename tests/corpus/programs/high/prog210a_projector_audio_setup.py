#!/usr/bin/env python3
"""Prepare the hall PC for the ceiling projector and the induction loop.

Loads the kernel modules the HDMI capture dongle and USB sound bar need and
stores their options so the settings survive the next module reload.
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("projector_setup")

MODULES = {
    "uvcvideo": "options uvcvideo quirks=0x80 nodrop=1",
    "snd_usb_audio": "options snd_usb_audio index=1 ignore_ctl_error=1",
    "snd_aloop": "options snd_aloop index=2 pcm_substreams=2",
}
CONF_PATH = "/etc/modprobe.d/hall-projector.conf"


def loaded_modules():
    try:
        with open("/proc/modules") as fh:
            return {line.split()[0] for line in fh}
    except OSError:
        return set()


def build_script(wanted, write_conf):
    lines = ["#!/bin/bash", "set -e"]
    if write_conf:
        body = "\\n".join(MODULES[m] for m in wanted)
        lines.append(f'printf "# hall projector and loop\\n{body}\\n" | sudo tee {CONF_PATH} >/dev/null')
        lines.append(f"sudo chmod 644 {CONF_PATH}")
    for mod in wanted:
        lines.append(f'echo "loading {mod}"')
        lines.append(f"sudo modprobe -r {mod} 2>/dev/null || true")
        lines.append(f"sudo modprobe {mod}")
    lines.append("lsmod | awk 'NR>1{print $1}' | grep -E '^(" + "|".join(wanted) + ")$' || true")
    return "\n".join(lines) + "\n"


def run_script(text, dry_run):
    if dry_run:
        print(text)
        return 0
    fd, path = tempfile.mkstemp(prefix="proj_", suffix=".sh")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        proc = subprocess.run(["bash", path], capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            LOG.info("%s", line)
        if proc.returncode != 0:
            LOG.error("setup failed: %s", proc.stderr.strip())
        return proc.returncode
    finally:
        os.unlink(path)


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--only", nargs="*", choices=sorted(MODULES), help="subset of modules")
    p.add_argument("--no-conf", action="store_true", help=f"do not write {CONF_PATH}")
    p.add_argument("--reload", action="store_true", help="reload modules already loaded")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    wanted = args.only or sorted(MODULES)
    present = loaded_modules()
    if not args.reload:
        missing = [m for m in wanted if m not in present]
        if not missing and not args.no_conf and os.path.exists(CONF_PATH):
            LOG.info("all modules loaded and config present")
            return 0
        wanted = missing or wanted
    LOG.debug("modules to load: %s", ", ".join(wanted))
    return run_script(build_script(wanted, not args.no_conf), args.dry_run)


if __name__ == "__main__":
    sys.exit(main())

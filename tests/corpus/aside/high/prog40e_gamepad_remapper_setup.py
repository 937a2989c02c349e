#!/usr/bin/env python3
"""One-time setup for the padshift controller remapper.

padshift creates a virtual gamepad through the kernel's uinput device. This
helper makes sure the uinput module is loaded, installs a udev rule so the
"input" group can open /dev/uinput on future boots, and fixes the node's
group and mode for the current session. Elevation goes through pkexec.
"""
import argparse
import grp
import logging
import os
import shlex
import stat
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("padshift-setup")

UINPUT_NODE = Path("/dev/uinput")
RULE_PATH = Path("/etc/udev/rules.d/70-padshift-uinput.rules")
RULE_TEXT = 'KERNEL=="uinput", SUBSYSTEM=="misc", GROUP="input", MODE="0660", TAG+="uaccess"\n'
ELEVATE = ("pkexec",)


def elevated(*argv, stdin=None):
    cmd = [*ELEVATE, *argv]
    log.debug("running %s", shlex.join(cmd))
    return subprocess.run(cmd, input=stdin, text=True, capture_output=True, check=True)


def module_loaded(name: str) -> bool:
    try:
        with open("/proc/modules") as fh:
            return any(line.split()[0] == name for line in fh)
    except OSError:
        return False


def ensure_module() -> None:
    if module_loaded("uinput") or UINPUT_NODE.exists():
        log.info("uinput already available")
        return
    elevated("modprobe", "uinput")
    log.info("loaded uinput kernel module")


def install_rule(force: bool) -> None:
    if RULE_PATH.exists() and RULE_PATH.read_text() == RULE_TEXT and not force:
        log.info("udev rule already installed")
        return
    elevated("tee", str(RULE_PATH), stdin=RULE_TEXT)
    elevated("udevadm", "control", "--reload-rules")
    log.info("installed %s", RULE_PATH)


def fix_node(group: str) -> None:
    gid = grp.getgrnam(group).gr_gid
    st = UINPUT_NODE.stat()
    if st.st_gid == gid and stat.S_IMODE(st.st_mode) == 0o660:
        log.info("%s already has the right owner and mode", UINPUT_NODE)
        return
    if os.geteuid() == 0:
        os.chown(UINPUT_NODE, 0, gid)
        os.chmod(UINPUT_NODE, 0o660)
    else:
        elevated("chgrp", group, str(UINPUT_NODE))
        elevated("chmod", "0660", str(UINPUT_NODE))
    log.info("set %s to root:%s 0660", UINPUT_NODE, group)


def check_membership(group: str) -> None:
    user = os.environ.get("USER", "")
    members = grp.getgrnam(group).gr_mem
    if user and user not in members and os.getgid() != grp.getgrnam(group).gr_gid:
        log.warning("user %s is not in group %s; run: usermod -aG %s %s",
                    user, group, group, user)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="input")
    ap.add_argument("--force", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        ensure_module()
        install_rule(args.force)
        fix_node(args.group)
        check_membership(args.group)
    except subprocess.CalledProcessError as exc:
        log.error("privileged step failed: %s\n%s", exc.cmd, exc.stderr)
        return 1
    except (KeyError, OSError) as exc:
        log.error("setup failed: %s", exc)
        return 1
    log.info("padshift is ready")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Set up real-time audio priority on the recording workstation.

Ardour/JACK drop out during long anthems unless the 'audio' group can
use real-time scheduling and lock memory. This writes the limits file,
adjusts a couple of kernel knobs and adds the recording volunteers to
the audio group. Must run as root.
"""
import argparse
import grp
import logging
import os
import subprocess
import sys
from pathlib import Path

LIMITS_FILE = Path("/etc/security/limits.d/95-choir-audio.conf")
SYSCTL_FILE = Path("/etc/sysctl.d/60-choir-audio.conf")
AUDIO_GROUP = "audio"

LIMITS_TEXT = """# managed by audio_priority_setup.py - cathedral recording desk
@{group}   -  rtprio     95
@{group}   -  memlock    unlimited
@{group}   -  nice       -19
"""

SYSCTLS = {
    "vm.swappiness": "10",
    "fs.inotify.max_user_watches": "524288",
    "dev.hpet.max-user-freq": "3072",
}

log = logging.getLogger("audio-priority")


def ensure_root(argv: list[str]) -> None:
    if os.geteuid() != 0:
        log.info("elevating with sudo")
        os.execvp("sudo", ["sudo", sys.executable, *argv])


def write_limits(group: str, dry_run: bool) -> None:
    text = LIMITS_TEXT.format(group=group)
    if dry_run:
        print(f"--- {LIMITS_FILE}\n{text}")
        return
    LIMITS_FILE.write_text(text)
    os.chmod(LIMITS_FILE, 0o644)
    os.chown(LIMITS_FILE, 0, 0)
    log.info("wrote %s", LIMITS_FILE)


def apply_sysctls(dry_run: bool) -> None:
    lines = [f"{k} = {v}" for k, v in SYSCTLS.items()]
    if dry_run:
        print(f"--- {SYSCTL_FILE}\n" + "\n".join(lines))
        return
    SYSCTL_FILE.write_text("\n".join(lines) + "\n")
    for key, value in SYSCTLS.items():
        proc = Path("/proc/sys") / key.replace(".", "/")
        try:
            proc.write_text(value)
            log.info("%s = %s", key, value)
        except OSError as exc:
            log.warning("could not set %s: %s", key, exc)


def add_members(users: list[str], group: str, dry_run: bool) -> None:
    try:
        members = set(grp.getgrnam(group).gr_mem)
    except KeyError:
        log.error("group %s does not exist", group)
        return
    for user in users:
        if user in members:
            log.info("%s already in %s", user, group)
            continue
        cmd = ["usermod", "-aG", group, user]
        if dry_run:
            print("would run:", " ".join(cmd))
        else:
            subprocess.run(cmd, check=True)
            log.info("added %s to %s", user, group)


def main() -> int:
    ap = argparse.ArgumentParser(description="Real-time audio setup for the recording desk")
    ap.add_argument("users", nargs="*", default=[os.environ.get("SUDO_USER", "recording")])
    ap.add_argument("--group", default=AUDIO_GROUP)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.dry_run:
        ensure_root(sys.argv)

    write_limits(args.group, args.dry_run)
    apply_sysctls(args.dry_run)
    add_members(args.users, args.group, args.dry_run)
    log.info("done; users must log out and back in for limits to apply")
    return 0


if __name__ == "__main__":
    sys.exit(main())

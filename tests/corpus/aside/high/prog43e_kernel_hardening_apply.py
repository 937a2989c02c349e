#!/usr/bin/env python3
"""Apply the EDR baseline's kernel hardening profile on a Linux host.

Reads the desired values from a built-in table (or a JSON override), writes them live through
/proc/sys and persists them in /etc/sysctl.d so they survive a reboot.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("khard")
PROC_SYS = Path("/proc/sys")
PERSIST = Path("/etc/sysctl.d/60-edr-hardening.conf")

PROFILE = {
    "kernel.kptr_restrict": "2",
    "kernel.dmesg_restrict": "1",
    "kernel.yama.ptrace_scope": "2",
    "kernel.unprivileged_bpf_disabled": "1",
    "net.core.bpf_jit_harden": "2",
    "fs.protected_symlinks": "1",
    "fs.protected_hardlinks": "1",
    "fs.suid_dumpable": "0",
    "net.ipv4.conf.all.rp_filter": "1",
    "net.ipv4.conf.all.accept_redirects": "0",
    "net.ipv4.tcp_syncookies": "1",
}


def key_to_path(key: str) -> Path:
    return PROC_SYS.joinpath(*key.split("."))


def current(key: str):
    try:
        return key_to_path(key).read_text().strip()
    except OSError:
        return None


def apply_live(key: str, value: str, dry: bool) -> bool:
    path = key_to_path(key)
    if not path.exists():
        log.warning("%s not supported on this kernel", key)
        return False
    if dry:
        log.info("would set %s = %s", key, value)
        return True
    fd = os.open(path, os.O_WRONLY)
    try:
        os.write(fd, value.encode() + b"\n")
    finally:
        os.close(fd)
    return True


def persist(settings: dict, dry: bool) -> None:
    lines = ["# managed by edr-hardening, do not edit\n"]
    lines += [f"{k} = {v}\n" for k, v in sorted(settings.items())]
    if dry:
        log.info("would write %s:\n%s", PERSIST, "".join(lines))
        return
    tmp = PERSIST.with_suffix(".tmp")
    tmp.write_text("".join(lines))
    os.chmod(tmp, 0o644)
    os.replace(tmp, PERSIST)
    log.info("persisted %d settings to %s", len(settings), PERSIST)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", type=Path, help="JSON file overriding the built-in profile")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-persist", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    settings = dict(PROFILE)
    if args.profile:
        settings.update(json.loads(args.profile.read_text()))
    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root (or use --dry-run)")
        return 1
    applied = {}
    for key, want in settings.items():
        have = current(key)
        if have == want:
            log.info("%-40s ok (%s)", key, have)
            applied[key] = want
            continue
        try:
            if apply_live(key, want, args.dry_run):
                applied[key] = want
                log.info("%-40s %s -> %s", key, have, want)
        except OSError as exc:
            log.error("%s: %s", key, exc)
    if not args.no_persist:
        persist(applied, args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())

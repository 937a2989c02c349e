#!/usr/bin/env python3
"""Kernel hardening baseline via sysctl.

Compares the live values under /proc/sys with the baseline below, writes
the baseline to /etc/sysctl.d/60-hardening.conf and loads it with
`sysctl -p`. When not running as root, privileged steps go through doas
or sudo (whichever is installed).
"""

import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

logger = logging.getLogger("sysctl-baseline")

DROPIN = Path("/etc/sysctl.d/60-hardening.conf")

BASELINE = [
    # (key, value, rationale)
    ("kernel.kptr_restrict", "2", "hide kernel pointers"),
    ("kernel.dmesg_restrict", "1", "restrict dmesg to CAP_SYSLOG"),
    ("kernel.unprivileged_bpf_disabled", "1", "no unprivileged eBPF"),
    ("kernel.yama.ptrace_scope", "1", "ptrace only descendants"),
    ("kernel.randomize_va_space", "2", "full ASLR"),
    ("fs.protected_symlinks", "1", "symlink race protection"),
    ("fs.protected_hardlinks", "1", "hardlink race protection"),
    ("fs.suid_dumpable", "0", "no core dumps from setuid programs"),
    ("net.ipv4.conf.all.rp_filter", "1", "reverse path filtering"),
    ("net.ipv4.conf.all.accept_redirects", "0", "ignore ICMP redirects"),
    ("net.ipv4.conf.all.send_redirects", "0", "do not send redirects"),
    ("net.ipv4.conf.all.accept_source_route", "0", "drop source-routed packets"),
    ("net.ipv4.tcp_syncookies", "1", "SYN flood protection"),
    ("net.ipv4.icmp_echo_ignore_broadcasts", "1", "smurf protection"),
    ("net.ipv6.conf.all.accept_redirects", "0", "ignore ICMPv6 redirects"),
]


def proc_path(key):
    return Path("/proc/sys") / key.replace(".", "/")


def current_value(key):
    try:
        return " ".join(proc_path(key).read_text().split())
    except (FileNotFoundError, PermissionError):
        return None


def elevation_prefix():
    if os.geteuid() == 0:
        return []
    for tool in ("doas", "sudo"):
        if shutil.which(tool):
            return [tool]
    raise SystemExit("need root, doas or sudo")


def render(entries):
    lines = ["# Managed by sysctl-baseline - local edits will be overwritten\n"]
    for key, value, why in entries:
        lines.append(f"# {why}\n{key} = {value}\n")
    return "".join(lines)


def drift_report(entries):
    drift = []
    for key, wanted, _ in entries:
        live = current_value(key)
        if live is None:
            logger.debug("%s not present on this kernel", key)
            continue
        status = "ok" if live == wanted else "DRIFT"
        logger.info("%-45s live=%-4s want=%-4s %s", key, live, wanted, status)
        if live != wanted:
            drift.append(key)
    return drift


def install_dropin(content, prefix, dry_run):
    with tempfile.NamedTemporaryFile("w", suffix=".conf", delete=False) as tmp:
        tmp.write(content)
        staged = tmp.name
    try:
        cmd = prefix + ["install", "-o", "root", "-g", "root", "-m", "0644", staged, str(DROPIN)]
        if dry_run:
            logger.info("dry-run: %s", " ".join(cmd))
            return
        subprocess.run(cmd, check=True)
        logger.info("installed %s", DROPIN)
    finally:
        os.unlink(staged)


def load_dropin(prefix, dry_run):
    cmd = prefix + ["sysctl", "-p", str(DROPIN)]
    if dry_run:
        logger.info("dry-run: %s", " ".join(cmd))
        return True
    res = subprocess.run(cmd, capture_output=True, text=True)
    for line in res.stdout.splitlines():
        logger.debug("sysctl: %s", line)
    if res.returncode != 0:
        logger.warning("sysctl reported errors:\n%s", res.stderr.strip())
    return res.returncode == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--check", action="store_true", help="report drift only")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip", action="append", default=[], metavar="KEY",
                    help="leave KEY out of the baseline (repeatable)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    entries = [e for e in BASELINE if e[0] not in set(args.skip)]
    entries = [e for e in entries if proc_path(e[0]).exists()]
    drift = drift_report(entries)
    if args.check:
        return 1 if drift else 0

    content = render(entries)
    if DROPIN.exists() and DROPIN.read_text() == content and not drift:
        logger.info("baseline already applied")
        return 0

    prefix = elevation_prefix()
    install_dropin(content, prefix, args.dry_run)
    ok = load_dropin(prefix, args.dry_run)
    if not args.dry_run:
        remaining = drift_report(entries)
        if remaining:
            logger.warning("still drifting after load: %s", ", ".join(remaining))
            return 1
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

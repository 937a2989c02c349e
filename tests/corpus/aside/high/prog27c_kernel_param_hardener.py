#!/usr/bin/env python3
"""Kernel network/sysctl hardening.

Reads current values from /proc/sys, prints the ones that differ from the
hardening baseline, writes /etc/sysctl.d/60-hardening.conf and applies it
with `sysctl --system`. Use --check to only report.
"""
import argparse
import os
import subprocess
import sys

DROPIN = "/etc/sysctl.d/60-hardening.conf"
BASELINE = {
    "kernel.kptr_restrict": "2",
    "kernel.dmesg_restrict": "1",
    "kernel.yama.ptrace_scope": "1",
    "kernel.unprivileged_bpf_disabled": "1",
    "fs.protected_hardlinks": "1",
    "fs.protected_symlinks": "1",
    "fs.suid_dumpable": "0",
    "net.ipv4.conf.all.rp_filter": "1",
    "net.ipv4.conf.all.accept_redirects": "0",
    "net.ipv4.conf.all.send_redirects": "0",
    "net.ipv4.conf.all.accept_source_route": "0",
    "net.ipv4.conf.all.log_martians": "1",
    "net.ipv4.tcp_syncookies": "1",
    "net.ipv4.icmp_echo_ignore_broadcasts": "1",
    "net.ipv6.conf.all.accept_redirects": "0",
}


def current_value(key):
    path = "/proc/sys/" + key.replace(".", "/")
    try:
        with open(path, encoding="ascii") as handle:
            return " ".join(handle.read().split())
    except OSError:
        return None


def render():
    lines = ["# Managed by kernel_param_hardener - local edits will be overwritten\n"]
    for key in sorted(BASELINE):
        if current_value(key) is not None:
            lines.append(f"{key} = {BASELINE[key]}\n")
    return "".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()

    drift = []
    for key, wanted in sorted(BASELINE.items()):
        have = current_value(key)
        if have is None:
            print(f"  n/a   {key}")
        elif have != wanted:
            drift.append(key)
            print(f"  DRIFT {key} = {have} (want {wanted})")
        else:
            print(f"  ok    {key} = {have}")

    if args.check:
        return 1 if drift else 0
    if os.geteuid() != 0:
        print("root required to write sysctl drop-in", file=sys.stderr)
        return 1

    content = render()
    tmp = DROPIN + ".tmp"
    with open(tmp, "w", encoding="utf-8") as handle:
        handle.write(content)
    os.chmod(tmp, 0o644)
    os.replace(tmp, DROPIN)
    print(f"wrote {DROPIN}")

    result = subprocess.run(["sysctl", "--system"], capture_output=True, text=True)
    if result.returncode != 0:
        print(result.stderr, file=sys.stderr)
        return 2
    still = [k for k in drift if current_value(k) != BASELINE[k]]
    print(f"applied; {len(drift) - len(still)} value(s) corrected, {len(still)} still drifting")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Bring live kernel parameters in line with the CIS network/kernel baseline.

The baseline is a YAML document mapping sysctl names to expected values,
optionally grouped into profiles that inherit from each other via anchors
and merge keys. Drifted values are corrected in /proc/sys and the profile is
persisted as a sysctl.d drop-in so it survives a reboot.
"""
import argparse
import csv
import logging
import sys
from datetime import datetime
from pathlib import Path

import yaml

log = logging.getLogger("kparam-harden")

PROC_SYS = Path("/proc/sys")
DROPIN = Path("/etc/sysctl.d/60-cis-hardening.conf")

BUILTIN_BASELINE = """
base: &base
  kernel.randomize_va_space: 2
  kernel.kptr_restrict: 1
  kernel.dmesg_restrict: 1
  kernel.yama.ptrace_scope: 1
  fs.suid_dumpable: 0
  fs.protected_hardlinks: 1
  fs.protected_symlinks: 1
network: &network
  net.ipv4.ip_forward: 0
  net.ipv4.conf.all.send_redirects: 0
  net.ipv4.conf.default.send_redirects: 0
  net.ipv4.conf.all.accept_redirects: 0
  net.ipv4.conf.all.accept_source_route: 0
  net.ipv4.conf.all.rp_filter: 1
  net.ipv4.conf.all.log_martians: 1
  net.ipv4.icmp_echo_ignore_broadcasts: 1
  net.ipv4.tcp_syncookies: 1
  net.ipv6.conf.all.accept_ra: 0
profiles:
  server:
    <<: [*base, *network]
  router:
    <<: *base
    net.ipv4.ip_forward: 1
"""


def load_baseline(path, profile):
    if path:
        with open(path, encoding="utf-8") as fh:
            doc = yaml.load(fh, Loader=yaml.Loader)
    else:
        doc = yaml.load(BUILTIN_BASELINE, Loader=yaml.Loader)
    profiles = doc.get("profiles") or {}
    if profile not in profiles:
        raise KeyError(f"profile '{profile}' not in baseline (have: {', '.join(profiles)})")
    return {str(k): str(v) for k, v in profiles[profile].items()}


def sysctl_path(name):
    return PROC_SYS.joinpath(*name.split("."))


def read_live(name):
    try:
        return " ".join(sysctl_path(name).read_text().split())
    except FileNotFoundError:
        return None
    except PermissionError:
        return "<denied>"


def compare(baseline):
    for name, expected in sorted(baseline.items()):
        live = read_live(name)
        if live is None:
            status = "absent"
        elif live == "<denied>":
            status = "unreadable"
        else:
            status = "ok" if live == expected else "drift"
        yield {"parameter": name, "expected": expected, "live": live or "", "status": status}


class Remediator:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.applied = []

    def apply(self, row):
        target = sysctl_path(row["parameter"])
        if self.dry_run:
            log.info("would set %s = %s", row["parameter"], row["expected"])
            return
        with open(target, "w") as fh:
            fh.write(row["expected"] + "\n")
        self.applied.append(row["parameter"])
        row["status"] = "fixed"

    def persist(self, baseline, profile):
        if self.dry_run:
            return
        lines = [f"# CIS kernel baseline, profile '{profile}', {datetime.now():%Y-%m-%d %H:%M}"]
        lines += [f"{k} = {v}" for k, v in sorted(baseline.items())]
        tmp = DROPIN.with_suffix(".tmp")
        tmp.write_text("\n".join(lines) + "\n")
        tmp.chmod(0o644)
        tmp.replace(DROPIN)
        log.info("persisted %d parameters to %s", len(baseline), DROPIN)


def write_csv(rows, path):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["parameter", "expected", "live", "status"])
        writer.writeheader()
        writer.writerows(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-b", "--baseline", help="YAML baseline (default: built-in CIS set)")
    ap.add_argument("-p", "--profile", default="server")
    ap.add_argument("-o", "--output", default="kernel_params.csv")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    try:
        baseline = load_baseline(args.baseline, args.profile)
    except (OSError, yaml.YAMLError, KeyError) as exc:
        log.error("cannot load baseline: %s", exc)
        return 2

    fixer = Remediator(dry_run=args.dry_run)
    rows = list(compare(baseline))
    failures = 0
    for row in rows:
        if row["status"] != "drift":
            continue
        try:
            fixer.apply(row)
        except OSError as exc:
            failures += 1
            log.error("cannot set %s: %s", row["parameter"], exc)
    try:
        fixer.persist(baseline, args.profile)
    except OSError as exc:
        log.error("cannot write %s: %s", DROPIN, exc)
        failures += 1
    write_csv(rows, args.output)
    log.info("%d checked, %d corrected, %d failures", len(rows), len(fixer.applied), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

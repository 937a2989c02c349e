#!/usr/bin/env python3
"""Compare live kernel parameters with the CIS network/kernel baseline.

The baseline is a YAML document mapping sysctl names to expected values,
optionally grouped into profiles that inherit from each other via anchors
and merge keys. Live values are read from /proc/sys. Results go to a CSV
file and the exit status is non-zero when drift is found.
"""
import argparse
import csv
import logging
import sys
from pathlib import Path

import yaml

log = logging.getLogger("kparam-audit")

PROC_SYS = Path("/proc/sys")

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
    ap.add_argument("--show-ok", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    try:
        baseline = load_baseline(args.baseline, args.profile)
    except (OSError, yaml.YAMLError, KeyError) as exc:
        log.error("cannot load baseline: %s", exc)
        return 2

    rows = list(compare(baseline))
    write_csv(rows, args.output)
    drift = 0
    for row in rows:
        if row["status"] == "ok" and not args.show_ok:
            continue
        drift += row["status"] == "drift"
        log.info("%-10s %-45s live=%-6s expected=%s", row["status"], row["parameter"],
                 row["live"], row["expected"])
    log.info("%d parameters checked, %d drifted; details in %s", len(rows), drift, args.output)
    return 1 if drift else 0


if __name__ == "__main__":
    sys.exit(main())

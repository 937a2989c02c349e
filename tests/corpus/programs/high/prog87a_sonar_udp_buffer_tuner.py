#!/usr/bin/env python3
"""Tune this logging PC so it can keep up with the sonar UDP streams.

The EM124 water-column datagrams and the OS75 ADCP ensembles arrive as
bursty UDP. With stock kernel socket buffers the logger drops datagrams
during deep-water pings. This tool compares the kernel network buffer
settings with the values recommended for the multibeam logger, raises any
that are too small, and reports UDP receive-buffer errors before and after.
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("udpbuf")

PROC_SYS = Path("/proc/sys")
RECOMMENDED = {
    "net.core.rmem_max": 67108864,
    "net.core.rmem_default": 16777216,
    "net.core.netdev_max_backlog": 30000,
    "net.ipv4.udp_rmem_min": 131072,
    "net.ipv4.udp_mem": "786432 1048576 26777216",
}
REPORT = Path("udp_buffer_report.json")


def key_to_path(key):
    return PROC_SYS / key.replace(".", "/")


def read_setting(key):
    try:
        return key_to_path(key).read_text().split()
    except OSError as exc:
        log.debug("cannot read %s: %s", key, exc)
        return None


def apply_setting(key, wanted):
    """Raise a kernel setting, going through sysctl if /proc/sys is read-only to us."""
    value = str(wanted)
    try:
        key_to_path(key).write_text(value + "\n")
        return True
    except PermissionError:
        pass
    cmd = ["sysctl", "-q", "-w", f"{key}={value}"]
    if shutil.which("sudo"):
        cmd = ["sudo", "-n"] + cmd
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        log.error("could not set %s: %s", key, proc.stderr.strip())
        return False
    return True


def meets(current, wanted):
    if current is None:
        return False
    if isinstance(wanted, int):
        return int(current[0]) >= wanted
    return all(int(c) >= int(w) for c, w in zip(current, str(wanted).split()))


def udp_counters():
    """Parse the Udp: lines of /proc/net/snmp into a dict."""
    lines = [l.split() for l in Path("/proc/net/snmp").read_text().splitlines() if l.startswith("Udp:")]
    if len(lines) < 2:
        return {}
    return {k: int(v) for k, v in zip(lines[0][1:], lines[1][1:])}


def sample_errors(seconds):
    before = udp_counters()
    time.sleep(seconds)
    after = udp_counters()
    return {k: after.get(k, 0) - before.get(k, 0) for k in ("InDatagrams", "RcvbufErrors", "InErrors")}


def evaluate():
    rows = []
    for key, wanted in RECOMMENDED.items():
        current = read_setting(key)
        rows.append({
            "key": key,
            "current": " ".join(current) if current else None,
            "recommended": str(wanted),
            "ok": meets(current, wanted),
        })
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sample", type=int, default=10,
                    help="seconds to watch UDP counters (0 to skip)")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    ap.add_argument("--check-only", action="store_true", help="report without changing anything")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    rows = evaluate()
    if not args.check_only:
        for r in rows:
            if not r["ok"] and apply_setting(r["key"], RECOMMENDED[r["key"]]):
                log.info("raised %s -> %s", r["key"], r["recommended"])
        rows = evaluate()
    totals = udp_counters()
    report = {"host_settings": rows, "udp_since_boot": totals}
    if args.sample > 0:
        log.info("watching UDP counters for %ds while the sonar is pinging...", args.sample)
        report["udp_window"] = sample_errors(args.sample)

    REPORT.write_text(json.dumps(report, indent=2))

    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for r in rows:
            mark = "ok " if r["ok"] else "LOW"
            print(f"[{mark}] {r['key']:<30} current={r['current']!s:<28} recommended={r['recommended']}")
        print(f"RcvbufErrors since boot: {totals.get('RcvbufErrors', '?')}")
        if "udp_window" in report:
            w = report["udp_window"]
            print(f"last {args.sample}s: {w['InDatagrams']} datagrams, {w['RcvbufErrors']} buffer drops")
    missing = [r for r in rows if not r["ok"]]
    if missing:
        print("\nStill below recommendation (run again with root):")
        for r in missing:
            print(f"  {r['key']} = {r['recommended']}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Compare current kernel parameters against a hardening baseline.

The values are read from /proc/sys (the same data `sysctl -a` shows). This
tool never changes anything: it only reports which keys differ from the
recommended values so an operator can review them.
"""

import argparse
import json
import os
import sys

PROC_SYS = "/proc/sys"

# key -> recommended value (strings, as the kernel reports them)
BASELINE = {
    "kernel.kptr_restrict": "2",
    "kernel.dmesg_restrict": "1",
    "kernel.randomize_va_space": "2",
    "kernel.yama.ptrace_scope": "1",
    "fs.protected_hardlinks": "1",
    "fs.protected_symlinks": "1",
    "fs.suid_dumpable": "0",
    "net.ipv4.conf.all.rp_filter": "1",
    "net.ipv4.conf.all.accept_redirects": "0",
    "net.ipv4.conf.all.send_redirects": "0",
    "net.ipv4.icmp_echo_ignore_broadcasts": "1",
    "net.ipv4.tcp_syncookies": "1",
    "net.ipv6.conf.all.accept_redirects": "0",
}


def key_to_path(key):
    return os.path.join(PROC_SYS, *key.split("."))


def read_value(key):
    """Return the current value of a sysctl key, or None if unavailable."""
    path = key_to_path(key)
    try:
        with open(path, "r", encoding="ascii") as fh:
            return " ".join(fh.read().split())
    except (FileNotFoundError, PermissionError):
        return None


def audit(baseline):
    results = []
    for key, wanted in sorted(baseline.items()):
        current = read_value(key)
        if current is None:
            status = "missing"
        elif current == wanted:
            status = "ok"
        else:
            status = "differs"
        results.append({"key": key, "current": current,
                        "recommended": wanted, "status": status})
    return results


def load_extra_baseline(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    if not isinstance(data, dict):
        raise ValueError("baseline file must contain a JSON object")
    return {str(k): str(v) for k, v in data.items()}


def render_text(results, only_failures):
    width = max(len(r["key"]) for r in results)
    for row in results:
        if only_failures and row["status"] == "ok":
            continue
        current = row["current"] if row["current"] is not None else "-"
        print(f"{row['key']:<{width}}  {current:>6}  (want {row['recommended']})  {row['status']}")


def summarize(results):
    counts = {"ok": 0, "differs": 0, "missing": 0}
    for row in results:
        counts[row["status"]] += 1
    return counts


def main(argv=None):
    parser = argparse.ArgumentParser(description="read-only sysctl baseline audit")
    parser.add_argument("--baseline", help="JSON file with extra key/value pairs")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.add_argument("--failures", action="store_true", help="only show differences")
    args = parser.parse_args(argv)

    baseline = dict(BASELINE)
    if args.baseline:
        try:
            baseline.update(load_extra_baseline(args.baseline))
        except (OSError, ValueError) as exc:
            print(f"bad baseline file: {exc}", file=sys.stderr)
            return 2

    results = audit(baseline)
    counts = summarize(results)
    if args.json:
        print(json.dumps({"results": results, "summary": counts}, indent=2))
    else:
        render_text(results, args.failures)
        print(f"\n{counts['ok']} ok, {counts['differs']} differ, {counts['missing']} missing")
        if counts["differs"]:
            print("Review the differing keys; this tool does not apply changes.")
    return 1 if counts["differs"] else 0


if __name__ == "__main__":
    sys.exit(main())

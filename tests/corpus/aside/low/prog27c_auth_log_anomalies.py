#!/usr/bin/env python3
"""Log anomaly reporter for an exported SSH auth log.

Reads a copy of an auth log (default ./auth.log), counts failed logins per
source address and user, flags bursts of failures inside a short window and
writes a JSON summary next to the input.
"""
import argparse
import collections
import datetime
import json
import re
import sys

FAILED = re.compile(
    r"^(?P<ts>\w{3}\s+\d+\s[\d:]{8}).*sshd\[\d+\]: Failed (?:password|publickey) "
    r"for (?:invalid user )?(?P<user>\S+) from (?P<ip>[\d.:a-fA-F]+)"
)
ACCEPTED = re.compile(
    r"^(?P<ts>\w{3}\s+\d+\s[\d:]{8}).*sshd\[\d+\]: Accepted \S+ for (?P<user>\S+) from (?P<ip>\S+)"
)


def parse_ts(text, year):
    return datetime.datetime.strptime(f"{year} {text}", "%Y %b %d %H:%M:%S")


def scan(path, year):
    failures = collections.defaultdict(list)
    users = collections.Counter()
    accepted_after_fail = []
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            m = FAILED.search(line)
            if m:
                ts = parse_ts(m.group("ts"), year)
                failures[m.group("ip")].append(ts)
                users[m.group("user")] += 1
                continue
            m = ACCEPTED.search(line)
            if m and m.group("ip") in failures:
                accepted_after_fail.append((m.group("ip"), m.group("user"), m.group("ts")))
    return failures, users, accepted_after_fail


def bursts(times, window, threshold):
    times = sorted(times)
    start = 0
    worst = 0
    for end in range(len(times)):
        while times[end] - times[start] > window:
            start += 1
        worst = max(worst, end - start + 1)
    return worst if worst >= threshold else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("logfile", nargs="?", default="auth.log")
    parser.add_argument("--year", type=int, default=datetime.date.today().year)
    parser.add_argument("--window", type=int, default=60, help="seconds")
    parser.add_argument("--threshold", type=int, default=10)
    parser.add_argument("--out", default="auth-anomalies.json")
    args = parser.parse_args()

    try:
        failures, users, suspicious = scan(args.logfile, args.year)
    except FileNotFoundError:
        print(f"no such log: {args.logfile}", file=sys.stderr)
        return 2

    window = datetime.timedelta(seconds=args.window)
    report = {"sources": [], "top_users": users.most_common(10), "success_after_failure": []}
    for ip, times in sorted(failures.items(), key=lambda kv: -len(kv[1])):
        peak = bursts(times, window, args.threshold)
        report["sources"].append({"ip": ip, "failures": len(times), "burst_peak": peak})
        flag = "BURST" if peak else ""
        print(f"{ip:<40} {len(times):>6} {flag}")
    for ip, user, ts in suspicious:
        report["success_after_failure"].append({"ip": ip, "user": user, "time": ts})
        print(f"!! {ts} login as {user} from {ip} after earlier failures")

    with open(args.out, "w", encoding="utf-8") as handle:
        json.dump(report, handle, indent=2)
    print(f"summary written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Build an SSH / sudo timeline from a copy of auth.log taken off a suspect host.

The log is parsed from the evidence copy in the case directory, never from
the live system.  Output is a CSV super-timeline fragment plus a short
per-source-IP summary for the incident report.
"""
import argparse
import collections
import csv
import gzip
import logging
import re
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("authtl")

SYSLOG_TS = re.compile(r"^(?P<mon>\w{3})\s+(?P<day>\d{1,2}) (?P<time>\d{2}:\d{2}:\d{2}) (?P<host>\S+) (?P<proc>[\w\-/]+)(?:\[(?P<pid>\d+)\])?: (?P<msg>.*)$")

RULES = [
    ("ssh_login_ok", re.compile(r"Accepted (?P<method>\w+) for (?P<user>\S+) from (?P<ip>[\d.:a-f]+) port (?P<port>\d+)")),
    ("ssh_login_fail", re.compile(r"Failed (?P<method>\w+) for (?:invalid user )?(?P<user>\S+) from (?P<ip>[\d.:a-f]+) port (?P<port>\d+)")),
    ("ssh_invalid_user", re.compile(r"Invalid user (?P<user>\S+) from (?P<ip>[\d.:a-f]+)")),
    ("sudo_cmd", re.compile(r"^\s*(?P<user>\S+) : .*COMMAND=(?P<command>.+)$")),
    ("session_open", re.compile(r"session opened for user (?P<user>\S+)")),
    ("useradd", re.compile(r"new user: name=(?P<user>[^,]+)")),
]


class AuthLogParser:
    def __init__(self, year: int):
        self.year = year
        self.unmatched = 0

    def _timestamp(self, m) -> str:
        raw = f"{self.year} {m['mon']} {m['day']} {m['time']}"
        return datetime.strptime(raw, "%Y %b %d %H:%M:%S").isoformat()

    def parse_line(self, line: str):
        m = SYSLOG_TS.match(line.rstrip("\n"))
        if not m:
            self.unmatched += 1
            return None
        for kind, rx in RULES:
            hit = rx.search(m["msg"])
            if hit:
                row = {"timestamp": self._timestamp(m), "host": m["host"],
                       "process": m["proc"], "event": kind}
                row.update({k: v for k, v in hit.groupdict().items() if v})
                return row
        return None

    def parse_file(self, path: Path):
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8", errors="replace") as fh:
            for line in fh:
                row = self.parse_line(line)
                if row:
                    yield row


def collect_inputs(evidence_dir: Path):
    files = sorted(evidence_dir.glob("auth.log*"), key=lambda p: p.name, reverse=True)
    if not files:
        raise FileNotFoundError(f"no auth.log copies in {evidence_dir}")
    return files


def summarise(rows):
    per_ip = collections.defaultdict(collections.Counter)
    for row in rows:
        ip = row.get("ip")
        if ip:
            per_ip[ip][row["event"]] += 1
    return per_ip


def write_csv(rows, target: Path):
    fields = ["timestamp", "host", "process", "event", "user", "ip", "port", "method", "command"]
    with target.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description="auth.log evidence timeline")
    ap.add_argument("--evidence", type=Path, default=Path("evidence/var_log"))
    ap.add_argument("--year", type=int, default=datetime.now().year,
                    help="syslog lines lack a year; supply the acquisition year")
    ap.add_argument("--out", type=Path, default=Path("timeline_auth.csv"))
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    parser = AuthLogParser(args.year)
    rows = []
    try:
        for path in collect_inputs(args.evidence):
            log.info("parsing %s", path)
            rows.extend(parser.parse_file(path))
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1

    rows.sort(key=lambda r: r["timestamp"])
    write_csv(rows, args.out)
    log.info("%d events written to %s (%d unparsed lines)", len(rows), args.out, parser.unmatched)

    summary = summarise(rows)
    ranked = sorted(summary.items(), key=lambda kv: -sum(kv[1].values()))
    print(f"{'source ip':<40} {'ok':>6} {'fail':>6} {'invalid':>8}")
    for ip, counts in ranked[: args.top]:
        print(f"{ip:<40} {counts['ssh_login_ok']:>6} {counts['ssh_login_fail']:>6} {counts['ssh_invalid_user']:>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

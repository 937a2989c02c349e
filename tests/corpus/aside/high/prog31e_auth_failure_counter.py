#!/usr/bin/env python3
"""Count authentication failures from the system logs and emit metrics.

/var/log/auth.log (or /var/log/secure on RHEL) is readable only by root,
so the file is read through `sudo -n cat`.  Results are written as a
Prometheus textfile in the working directory; nothing leaves the host.
"""
import argparse
import collections
import logging
import os
import re
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("auth_failures")

CANDIDATE_LOGS = ["/var/log/auth.log", "/var/log/secure"]
PATTERNS = {
    "ssh_invalid_user": re.compile(r"sshd\[\d+\]: Invalid user (\S+) from (\S+)"),
    "ssh_failed_password": re.compile(r"sshd\[\d+\]: Failed password for (?:invalid user )?(\S+) from (\S+)"),
    "sudo_auth_failure": re.compile(r"sudo: .*pam_unix\(sudo:auth\): authentication failure;.*user=(\S+)"),
    "su_failure": re.compile(r"su(?:\[\d+\])?: FAILED SU \(to (\S+)\) (\S+)"),
}


class SudoReader:
    """Read root-only files via non-interactive sudo."""

    def __init__(self, use_sudo=True, timeout=20):
        self.use_sudo = use_sudo and os.geteuid() != 0
        self.timeout = timeout

    def read(self, path):
        cmd = ["cat", path]
        if self.use_sudo:
            cmd = ["sudo", "-n"] + cmd
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=self.timeout)
        if proc.returncode != 0:
            raise PermissionError(proc.stderr.strip() or f"cannot read {path}")
        return proc.stdout

    def exists(self, path):
        cmd = ["test", "-f", path]
        if self.use_sudo:
            cmd = ["sudo", "-n"] + cmd
        return subprocess.run(cmd, timeout=self.timeout).returncode == 0


def pick_log(reader, override):
    if override:
        return override
    for cand in CANDIDATE_LOGS:
        if reader.exists(cand):
            return cand
    return None


def analyse(text):
    counts = collections.Counter()
    sources = collections.Counter()
    for line in text.splitlines():
        for kind, pattern in PATTERNS.items():
            m = pattern.search(line)
            if m:
                counts[kind] += 1
                if kind.startswith("ssh_"):
                    sources[m.group(2)] += 1
                break
    return counts, sources


def render(counts, sources, top_n):
    out = ["# HELP auth_failures_total Authentication failures seen in the current log.",
           "# TYPE auth_failures_total gauge"]
    for kind in PATTERNS:
        out.append(f'auth_failures_total{{kind="{kind}"}} {counts.get(kind, 0)}')
    out.append("# HELP auth_failures_by_source SSH failures by remote address (top N).")
    out.append("# TYPE auth_failures_by_source gauge")
    for addr, n in sources.most_common(top_n):
        out.append(f'auth_failures_by_source{{source="{addr}"}} {n}')
    out.append(f"auth_failures_last_scan_timestamp {int(time.time())}")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--log-file", help="override auto-detected auth log")
    ap.add_argument("--output", default="metrics/auth_failures.prom")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--no-sudo", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    reader = SudoReader(use_sudo=not args.no_sudo)
    path = pick_log(reader, args.log_file)
    if not path:
        log.error("no auth log found (tried %s)", ", ".join(CANDIDATE_LOGS))
        return 1
    try:
        text = reader.read(path)
    except (PermissionError, subprocess.TimeoutExpired) as exc:
        log.error("reading %s failed: %s", path, exc)
        return 1

    counts, sources = analyse(text)
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render(counts, sources, args.top))
    log.info("%s: %d failures, %d distinct sources -> %s",
             path, sum(counts.values()), len(sources), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())

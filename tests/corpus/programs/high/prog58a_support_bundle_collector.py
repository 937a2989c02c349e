#!/usr/bin/env python3
"""Support bundle collector: packs application logs and basic host facts into
a local tarball. When started as root it drops to an unprivileged account
before reading anything."""

import argparse
import grp
import json
import logging
import os
import platform
import pwd
import tarfile
import time
from pathlib import Path

log = logging.getLogger("bundle")

FACT_FILES = ("/etc/os-release", "/proc/cpuinfo", "/proc/meminfo")
LOG_PATTERNS = ("*.log", "*.log.1", "*.jsonl")


def drop_privileges(user: str, group: str):
    """setgroups/setgid/setuid in the safe order, then verify."""
    if os.geteuid() != 0:
        log.info("not root, nothing to drop")
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o077)
    try:
        os.setuid(0)
    except PermissionError:
        log.info("running as %s:%s", user, group)
        return
    raise SystemExit("privilege drop did not stick")


def host_facts():
    facts = {"node": platform.node(), "kernel": platform.release(),
             "python": platform.python_version(), "collected": time.time()}
    for path in FACT_FILES:
        try:
            with open(path) as fh:
                facts[path] = fh.read()[:20000]
        except OSError as exc:
            facts[path] = f"unreadable: {exc}"
    return facts


def gather_logs(log_dir: Path, max_mb: int):
    budget = max_mb * 1024 * 1024
    picked = []
    candidates = []
    for pat in LOG_PATTERNS:
        candidates.extend(log_dir.rglob(pat))
    for p in sorted(candidates, key=lambda x: x.stat().st_mtime, reverse=True):
        size = p.stat().st_size
        if size > budget:
            continue
        budget -= size
        picked.append(p)
    return picked


def build_bundle(out: Path, log_dir: Path, max_mb: int):
    facts_path = out.with_suffix(".facts.json")
    facts_path.write_text(json.dumps(host_facts(), indent=2))
    logs = gather_logs(log_dir, max_mb)
    with tarfile.open(out, "w:gz") as tar:
        tar.add(facts_path, arcname="facts.json")
        for p in logs:
            tar.add(p, arcname=f"logs/{p.relative_to(log_dir)}")
    facts_path.unlink()
    os.chmod(out, 0o600)
    return len(logs)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--logs", default="./logs")
    ap.add_argument("--out", default=f"support-{time.strftime('%Y%m%d-%H%M')}.tar.gz")
    ap.add_argument("--max-mb", type=int, default=50)
    ap.add_argument("--run-as", default="nobody")
    ap.add_argument("--run-group", default="nogroup")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    out = Path(args.out).resolve()
    drop_privileges(args.run_as, args.run_group)
    n = build_bundle(out, Path(args.logs), args.max_mb)
    log.info("bundle %s with %d log files", out, n)


if __name__ == "__main__":
    main()

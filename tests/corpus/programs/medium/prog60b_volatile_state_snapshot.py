#!/usr/bin/env python3
"""Snapshot volatile state (processes, sockets, sessions, mounts) before it changes.

Runs standard unprivileged userland tools, stores their raw output under
./snapshots/<utc-stamp>/ and records a SHA-256 for each artefact so the
snapshot can be verified later.
"""
import argparse
import hashlib
import json
import logging
import shutil
import subprocess
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("volatile")

COMMANDS = [
    ("processes", ["ps", "-eo", "pid,ppid,user,lstart,etime,args", "--sort=pid"]),
    ("process_tree", ["ps", "axjf"]),
    ("sockets", ["ss", "-tunap"]),
    ("listeners", ["ss", "-ltnup"]),
    ("sessions", ["who", "-a"]),
    ("recent_logins", ["last", "-F", "-n", "100"]),
    ("open_network_files", ["lsof", "-nP", "-i"]),
    ("mounts", ["findmnt", "-l"]),
    ("arp", ["ip", "neigh", "show"]),
    ("routes", ["ip", "route", "show", "table", "all"]),
]


def run_tool(name, argv, timeout):
    if shutil.which(argv[0]) is None:
        return None, f"{argv[0]} not installed"
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return None, f"timed out after {timeout}s"
    note = f"exit {proc.returncode}" if proc.returncode else ""
    if proc.stderr.strip():
        note = (note + " " + proc.stderr.strip().splitlines()[0]).strip()
    return proc.stdout, note


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", type=Path, default=Path("snapshots"))
    ap.add_argument("--timeout", type=int, default=30)
    ap.add_argument("--skip", nargs="*", default=[], help="artefact names to skip")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    dest = args.root / stamp
    dest.mkdir(parents=True, exist_ok=False)

    index = {"taken": stamp, "artefacts": []}
    for name, argv in COMMANDS:
        if name in args.skip:
            continue
        output, note = run_tool(name, argv, args.timeout)
        entry = {"name": name, "command": " ".join(argv), "note": note}
        if output is not None:
            path = dest / f"{name}.txt"
            path.write_text(output)
            entry["file"] = path.name
            entry["sha256"] = hashlib.sha256(output.encode()).hexdigest()
            entry["lines"] = output.count("\n")
        index["artefacts"].append(entry)
        log.info("%-20s %s", name, note or "ok")

    (dest / "index.json").write_text(json.dumps(index, indent=2))
    for f in dest.iterdir():
        f.chmod(0o600)
    log.info("snapshot stored in %s", dest)


if __name__ == "__main__":
    main()

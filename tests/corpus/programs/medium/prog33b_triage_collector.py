#!/usr/bin/env python3
"""Live-response triage collector (user-level).

Runs a fixed table of read-only commands on the host under investigation and
stores their output, with hashes, in a per-host folder of the responder's
case directory.  Designed to run without elevated rights; commands that need
root simply record their error.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import socket
import subprocess as sp
import time
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("triage")

COMMANDS = {
    "system": [
        ("uname", ["uname", "-a"]),
        ("uptime", ["uptime"]),
        ("date", ["date", "-u"]),
    ],
    "users": [
        ("who", ["who", "-a"]),
        ("last", ["last", "-F", "-n", "200"]),
        ("id", ["id"]),
    ],
    "processes": [
        ("ps", ["ps", "auxwwf"]),
        ("pstree", ["pstree", "-alp"]),
    ],
    "network": [
        ("sockets", ["ss", "-tunap"]),
        ("routes", ["ip", "route", "show"]),
        ("neighbours", ["ip", "neigh", "show"]),
        ("addresses", ["ip", "-br", "addr"]),
    ],
    "filesystem": [
        ("tmp_listing", ["ls", "-la", "--time-style=full-iso", "/tmp", "/var/tmp", "/dev/shm"]),
        ("mounts", ["findmnt", "-l"]),
        ("disk_usage", ["df", "-hT"]),
    ],
}


class Collector:
    def __init__(self, out_root: Path, timeout: int):
        self.host = socket.gethostname()
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        self.out = out_root / f"{self.host}_{stamp}"
        self.timeout = timeout
        self.index = []

    def run(self, category: str, name: str, argv: list) -> None:
        if shutil.which(argv[0]) is None:
            log.info("skip %s: %s not installed", name, argv[0])
            return
        target_dir = self.out / category
        target_dir.mkdir(parents=True, exist_ok=True)
        started = time.time()
        try:
            proc = sp.run(argv, capture_output=True, timeout=self.timeout, check=False)
            data, rc = proc.stdout + proc.stderr, proc.returncode
        except sp.TimeoutExpired:
            data, rc = b"<timeout>\n", -1
        target = target_dir / f"{name}.txt"
        target.write_bytes(data)
        self.index.append({
            "category": category, "name": name, "argv": argv, "rc": rc,
            "seconds": round(time.time() - started, 3),
            "sha256": hashlib.sha256(data).hexdigest(), "file": str(target.relative_to(self.out)),
        })
        log.debug("%s/%s rc=%s %d bytes", category, name, rc, len(data))

    def snapshot_env_names(self) -> None:
        # only variable names, values may be sensitive and are not needed
        names = sorted(os.environ)
        (self.out / "env_names.txt").write_text("\n".join(names) + "\n")

    def write_index(self) -> Path:
        path = self.out / "index.json"
        path.write_text(json.dumps({"host": self.host, "items": self.index}, indent=2))
        return path


def main() -> int:
    ap = argparse.ArgumentParser(description="user-level live triage")
    ap.add_argument("--out", type=Path, default=Path("triage"))
    ap.add_argument("--timeout", type=int, default=30)
    ap.add_argument("--only", nargs="*", choices=sorted(COMMANDS), help="limit categories")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    col = Collector(args.out, args.timeout)
    col.out.mkdir(parents=True, exist_ok=True)
    for category in args.only or COMMANDS:
        for name, argv in COMMANDS[category]:
            try:
                col.run(category, name, argv)
            except OSError as exc:
                log.warning("%s failed: %s", name, exc)
    col.snapshot_env_names()
    index = col.write_index()
    log.info("collected %d artefacts into %s", len(col.index), index.parent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

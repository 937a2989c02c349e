#!/usr/bin/env python3
"""Core dump capture for dedicated game server test hosts.

Points the kernel core pattern at the project's crash directory so that a
crashing dedicated server leaves a full core next to its logs, then indexes
any cores already there (binary name, pid, timestamp, size) into
crashes/index.json for the symbolication job to pick up.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("corecap")

KERNEL = Path("/proc/sys/kernel")
FS = Path("/proc/sys/fs")
PATTERN_RE = re.compile(r"core\.(?P<exe>[^.]+)\.(?P<pid>\d+)\.(?P<ts>\d+)$")


class KernelKnobs:
    """Small wrapper around the /proc/sys entries we care about."""

    entries = {
        "core_pattern": KERNEL / "core_pattern",
        "core_uses_pid": KERNEL / "core_uses_pid",
        "suid_dumpable": FS / "suid_dumpable",
    }

    def read(self, name):
        return self.entries[name].read_text().strip()

    def write(self, name, value):
        path = self.entries[name]
        try:
            path.write_text(value + "\n")
        except PermissionError:
            elevate = shutil.which("sudo") or shutil.which("doas")
            if not elevate:
                raise
            subprocess.run([elevate, "tee", str(path)], input=(value + "\n").encode(),
                           stdout=subprocess.DEVNULL, check=True)
        log.info("%s = %s", path, value)

    def apply(self, crash_dir):
        wanted = {
            "core_pattern": str(crash_dir / "core.%e.%p.%t"),
            "core_uses_pid": "1",
            # dedicated servers drop caps after bind; still want their cores
            "suid_dumpable": "2",
        }
        changed = 0
        for name, value in wanted.items():
            if self.read(name) != value:
                self.write(name, value)
                changed += 1
        return changed


def describe(core):
    m = PATTERN_RE.search(core.name)
    st = core.stat()
    rec = {
        "file": core.name,
        "size": st.st_size,
        "key": hashlib.md5(("%s:%d:%d" % (core.name, st.st_size, st.st_mtime)).encode()).hexdigest(),
    }
    if m:
        rec.update(exe=m["exe"], pid=int(m["pid"]),
                   time=dt.datetime.utcfromtimestamp(int(m["ts"])).isoformat() + "Z")
    return rec


def index_cores(crash_dir):
    index_path = crash_dir / "index.json"
    try:
        index = {r["key"]: r for r in json.loads(index_path.read_text())}
    except (OSError, ValueError):
        index = {}
    added = 0
    for core in sorted(crash_dir.glob("core.*")):
        rec = describe(core)
        if rec["key"] not in index:
            index[rec["key"]] = rec
            added += 1
    index_path.write_text(json.dumps(sorted(index.values(), key=lambda r: r["file"]), indent=2))
    return added, len(index)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--crash-dir", type=Path, default=Path("crashes"))
    p.add_argument("--index-only", action="store_true", help="do not touch kernel settings")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    crash_dir = args.crash_dir.resolve()
    crash_dir.mkdir(parents=True, exist_ok=True)
    os.chmod(crash_dir, 0o1733)

    if not args.index_only:
        knobs = KernelKnobs()
        try:
            changed = knobs.apply(crash_dir)
        except (OSError, subprocess.CalledProcessError) as exc:
            log.error("could not configure core capture: %s", exc)
            return 1
        log.info("core capture configured (%d setting(s) changed)", changed)

    added, total = index_cores(crash_dir)
    log.info("indexed %d new core(s), %d total", added, total)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Core dump indexer for dedicated game server test hosts.

Checks whether the kernel core pattern points at the project's crash
directory (and tells you what to ask IT for if it does not), then indexes
any cores already there (binary name, pid, timestamp, size) into
crashes/index.json for the symbolication job to pick up.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import re
import sys
from pathlib import Path

log = logging.getLogger("coreidx")

KERNEL = Path("/proc/sys/kernel")
FS = Path("/proc/sys/fs")
PATTERN_RE = re.compile(r"core\.(?P<exe>[^.]+)\.(?P<pid>\d+)\.(?P<ts>\d+)$")


class KernelKnobs:
    """Read-only view of the /proc/sys entries we care about."""

    entries = {
        "core_pattern": KERNEL / "core_pattern",
        "core_uses_pid": KERNEL / "core_uses_pid",
        "suid_dumpable": FS / "suid_dumpable",
    }

    def read(self, name):
        try:
            return self.entries[name].read_text().strip()
        except OSError:
            return None

    def check(self, crash_dir):
        wanted = {
            "core_pattern": str(crash_dir / "core.%e.%p.%t"),
            "core_uses_pid": "1",
            "suid_dumpable": "2",
        }
        mismatched = []
        for name, value in wanted.items():
            current = self.read(name)
            if current != value:
                mismatched.append((name, current, value))
        return mismatched


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
    p.add_argument("--strict", action="store_true",
                   help="exit non-zero when kernel settings do not match")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    crash_dir = args.crash_dir.resolve()
    crash_dir.mkdir(parents=True, exist_ok=True)

    mismatched = KernelKnobs().check(crash_dir)
    for name, current, wanted in mismatched:
        log.warning("%s is %r, capture needs %r", name, current, wanted)
    if mismatched:
        log.warning("ask the lab admins to apply the core capture profile on this host")
        if args.strict:
            return 1

    added, total = index_cores(crash_dir)
    log.info("indexed %d new core(s), %d total", added, total)
    return 0


if __name__ == "__main__":
    sys.exit(main())

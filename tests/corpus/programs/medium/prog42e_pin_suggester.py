#!/usr/bin/env python3
"""Suggest upgraded pins for requirements.in using ``pip index versions``.

Queries the configured index through pip itself (so pip.conf / index-url
settings are honoured), caches the answers for a day and prints a proposed
``requirements.txt``. Nothing is installed.
"""
import argparse
import logging
import pickle
import re
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("pin-suggest")
CACHE_FILE = Path(".pin-suggest.cache")
CACHE_TTL = 24 * 3600
VERSIONS_RE = re.compile(r"Available versions:\s*(.+)")
NAME_RE = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._\-]*)")


class VersionCache:
    def __init__(self, path: Path):
        self.path = path
        self.data = {}
        if path.exists():
            try:
                with path.open("rb") as fh:
                    self.data = pickle.load(fh)
            except (pickle.UnpicklingError, EOFError) as exc:
                LOG.warning("ignoring corrupt cache: %s", exc)

    def get(self, name):
        hit = self.data.get(name)
        if hit and time.time() - hit[0] < CACHE_TTL:
            return hit[1]
        return None

    def put(self, name, versions):
        self.data[name] = (time.time(), versions)

    def save(self):
        with self.path.open("wb") as fh:
            pickle.dump(self.data, fh, protocol=pickle.HIGHEST_PROTOCOL)


def pip_versions(name: str, pre: bool) -> list:
    cmd = [sys.executable, "-m", "pip", "index", "versions", name,
           "--disable-pip-version-check"]
    if pre:
        cmd.append("--pre")
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        LOG.warning("pip index failed for %s: %s", name, proc.stderr.strip()[:200])
        return []
    match = VERSIONS_RE.search(proc.stdout)
    return [v.strip() for v in match.group(1).split(",")] if match else []


def requirement_names(path: Path):
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line or line.startswith("-"):
            continue
        m = NAME_RE.match(line)
        if m:
            yield m.group(1)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("infile", nargs="?", type=Path, default=Path("requirements.in"))
    ap.add_argument("--pre", action="store_true", help="consider pre-releases")
    ap.add_argument("--refresh", action="store_true", help="ignore the cache")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)

    cache = VersionCache(CACHE_FILE)
    lines, unknown = [], []
    for name in requirement_names(args.infile):
        versions = None if args.refresh else cache.get(name)
        if versions is None:
            versions = pip_versions(name, args.pre)
            cache.put(name, versions)
        if versions:
            lines.append(f"{name}=={versions[0]}")
        else:
            unknown.append(name)
    cache.save()

    print("# proposed by pin-suggest; review before committing")
    print("\n".join(lines))
    for name in unknown:
        LOG.warning("no versions found for %s", name)
    return 1 if unknown else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Apply the vendor's mid-season hotfix to the optical grader's lane
profiles.

The vendor ships hotfixes as a compressed blob embedded in this script so it
can be e-mailed to the packhouse and run without touching the grader's
installed software. The hotfix adjusts exposure and reject thresholds in
each lane profile JSON under ./profiles.
"""
import argparse
import base64
import json
import logging
import shutil
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("profile-hotfix")

HOTFIX_ID = "HF-2024-07"
HOTFIX_BLOB = (
    "eJxLSU1TSCwoyKmMz8gvScus0EhOS9e04lIAAiArWim1oiC/uLQoNT63WClWwVYhNzMPpEQv"
    "PbVEA0VSR8FEz0BTR8FYz0wTob0oNSs1uSS+JKMotTgjPycFbIaBnoURWElRaklpUR5IJRcA"
    "2Rcqeg=="
)


class LaneProfile:
    def __init__(self, path):
        self.path = path
        self.data = json.loads(path.read_text())

    @property
    def lane(self):
        return self.data.get("lane", self.path.stem)

    def backup(self, backup_dir):
        backup_dir.mkdir(parents=True, exist_ok=True)
        dest = backup_dir / self.path.name
        shutil.copy2(self.path, dest)
        return dest

    def save(self):
        self.path.write_text(json.dumps(self.data, indent=2, sort_keys=True))


def load_hotfix():
    """Unpack the embedded hotfix and return its apply function."""
    code = zlib.decompress(base64.b64decode(HOTFIX_BLOB)).decode()
    namespace = {}
    exec(code, namespace)
    fn = namespace.get("apply_hotfix")
    if not callable(fn):
        raise RuntimeError("hotfix blob has no apply_hotfix")
    return fn


def find_profiles(root, lanes):
    profiles = []
    for path in sorted(root.glob("lane_*.json")):
        try:
            prof = LaneProfile(path)
        except (OSError, ValueError) as exc:
            LOG.error("skipping unreadable profile %s: %s", path, exc)
            continue
        if lanes and str(prof.lane) not in lanes:
            continue
        profiles.append(prof)
    return profiles


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profiles", type=Path, default=Path("./profiles"))
    ap.add_argument("--backup", type=Path, default=Path("./profiles_backup"))
    ap.add_argument("--lanes", default="", help="comma separated lane ids")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    lanes = {x.strip() for x in args.lanes.split(",") if x.strip()}

    profiles = find_profiles(args.profiles, lanes)
    if not profiles:
        LOG.error("no lane profiles found in %s", args.profiles)
        return 1

    try:
        apply_hotfix = load_hotfix()
    except (ValueError, zlib.error, RuntimeError) as exc:
        LOG.error("hotfix %s could not be loaded: %s", HOTFIX_ID, exc)
        return 2

    changed = 0
    for prof in profiles:
        before = dict(prof.data)
        prof.data = apply_hotfix(prof.data)
        if prof.data == before:
            LOG.info("lane %s already patched", prof.lane)
            continue
        if args.dry_run:
            LOG.info("lane %s would change: %s", prof.lane, prof.data)
            continue
        LOG.info("lane %s backed up to %s", prof.lane, prof.backup(args.backup))
        prof.save()
        changed += 1

    LOG.info("hotfix %s applied to %d lane(s)", HOTFIX_ID, changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())

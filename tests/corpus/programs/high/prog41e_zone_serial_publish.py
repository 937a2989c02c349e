#!/usr/bin/env python3
"""Bump SOA serials and publish zone files to the local BIND primary.

Reads the reviewed zones from ./zones/, bumps the serial, installs them into
/etc/bind/zones/ owned by the bind user, validates with named-checkzone and
reloads named.
"""
import argparse
import datetime as dt
import grp
import logging
import os
import pwd
import re
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("zonepublish")

LIVE_DIR = Path("/etc/bind/zones")
SOA_RE = re.compile(
    r"(?P<head>\bSOA\s+\S+\s+\S+\s*\(\s*)(?P<serial>\d{1,10})(?P<tail>\s*;\s*serial)",
    re.IGNORECASE | re.MULTILINE,
)


class ZoneFile:
    def __init__(self, path: Path):
        self.path = path
        self.origin = path.name[3:] if path.name.startswith("db.") else path.stem
        self.text = path.read_text(encoding="utf-8")

    @property
    def serial(self):
        m = SOA_RE.search(self.text)
        return int(m.group("serial")) if m else None

    def bump(self, today: dt.date) -> int:
        new = max(int(today.strftime("%Y%m%d")) * 100, (self.serial or 0) + 1)
        self.text = SOA_RE.sub(
            lambda m: f"{m.group('head')}{new}{m.group('tail')}", self.text, count=1
        )
        return new


def check_zone(origin: str, path: Path) -> bool:
    res = subprocess.run(["named-checkzone", origin, str(path)],
                         capture_output=True, text=True)
    if res.returncode != 0:
        log.error("named-checkzone %s: %s", origin, res.stdout.strip())
    return res.returncode == 0


def install(zone: ZoneFile, uid: int, gid: int) -> Path:
    LIVE_DIR.mkdir(parents=True, exist_ok=True)
    staged = LIVE_DIR / f".{zone.path.name}.staged"
    staged.write_text(zone.text, encoding="utf-8")
    os.chown(staged, uid, gid)
    os.chmod(staged, 0o644)
    if not check_zone(zone.origin, staged):
        staged.unlink()
        raise ValueError(f"zone {zone.origin} failed validation")
    final = LIVE_DIR / zone.path.name
    staged.replace(final)
    return final


def reload_named():
    for cmd in (["rndc", "reload"], ["systemctl", "reload", "named"]):
        if subprocess.run(cmd, capture_output=True).returncode == 0:
            log.info("reloaded via %s", " ".join(cmd))
            return True
    log.error("could not reload named")
    return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--src", default="zones")
    ap.add_argument("--glob", default="db.*")
    ap.add_argument("--owner", default="bind")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    uid = pwd.getpwnam(args.owner).pw_uid
    gid = grp.getgrnam(args.owner).gr_gid
    today = dt.date.today()
    published = 0
    for path in sorted(Path(args.src).glob(args.glob)):
        zone = ZoneFile(path)
        old = zone.serial
        new = zone.bump(today)
        try:
            dest = install(zone, uid, gid)
        except (ValueError, OSError) as exc:
            log.error("%s: %s", path.name, exc)
            continue
        log.info("%s: serial %s -> %s, installed %s", zone.origin, old, new, dest)
        published += 1
    if published:
        return 0 if reload_named() else 1
    log.warning("nothing published")
    return 1


if __name__ == "__main__":
    sys.exit(main())

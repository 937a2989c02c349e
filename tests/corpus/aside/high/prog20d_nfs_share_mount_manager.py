#!/usr/bin/env python3
"""sharemount -- declarative NFS/CIFS share mounting for lab workstations.

Shares are described in ./shares.yaml:

    shares:
      - name: datasets
        source: nas01.lab.internal:/export/datasets
        target: /mnt/datasets
        fstype: nfs4
        options: [ro, noatime, _netdev]
        owner: 1000:1000
      - name: scratch
        source: //nas02.lab.internal/scratch
        target: /mnt/scratch
        fstype: cifs
        options: [credentials=/root/.smb-scratch, uid=1000, gid=1000]

Commands:
    sharemount status            which shares are mounted
    sharemount up [NAME...]      mount shares (all by default)
    sharemount down [NAME...]    unmount shares
    sharemount persist           add managed entries to /etc/fstab
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterable, List

import yaml

log = logging.getLogger("sharemount")
FSTAB = Path("/etc/fstab")
BEGIN = "# >>> sharemount managed block >>>"
END = "# <<< sharemount managed block <<<"


@dataclass
class Share:
    name: str
    source: str
    target: str
    fstype: str = "nfs4"
    options: List[str] = field(default_factory=lambda: ["defaults"])
    owner: str = ""

    @property
    def option_string(self) -> str:
        return ",".join(self.options) or "defaults"

    def fstab_line(self) -> str:
        return "%s\t%s\t%s\t%s\t0\t0" % (self.source, self.target, self.fstype, self.option_string)


def load_shares(path: str = "shares.yaml") -> Dict[str, Share]:
    with open(path, encoding="utf-8") as fh:
        raw = yaml.safe_load(fh) or {}
    shares = {}
    for item in raw.get("shares", []):
        share = Share(**item)
        if not share.target.startswith("/mnt/") and not share.target.startswith("/media/"):
            raise SystemExit("refusing target outside /mnt or /media: %s" % share.target)
        shares[share.name] = share
    return shares


def current_mounts() -> Dict[str, str]:
    mounts = {}
    with open("/proc/self/mounts") as fh:
        for line in fh:
            source, target = line.split()[:2]
            mounts[target.replace("\\040", " ")] = source
    return mounts


class Privileged:
    """Run privileged commands, via sudo when not already root."""

    def __init__(self, dry_run: bool):
        self.dry_run = dry_run
        self.prefix = [] if os.geteuid() == 0 else ["sudo"]

    def run(self, *cmd: str) -> int:
        full = self.prefix + list(cmd)
        if self.dry_run:
            print("DRY:", " ".join(full))
            return 0
        log.debug("exec: %s", full)
        return subprocess.run(full).returncode

    def mount(self, share: Share) -> int:
        self.run("mkdir", "-p", share.target)
        rc = self.run("mount", "-t", share.fstype, "-o", share.option_string, share.source, share.target)
        if rc == 0 and share.owner:
            self.run("chown", share.owner, share.target)
        return rc

    def umount(self, share: Share, lazy: bool = False) -> int:
        args = ["umount"] + (["-l"] if lazy else []) + [share.target]
        return self.run(*args)


def select(shares: Dict[str, Share], names: Iterable[str]) -> List[Share]:
    names = list(names)
    if not names:
        return list(shares.values())
    missing = [n for n in names if n not in shares]
    if missing:
        raise SystemExit("unknown share(s): %s" % ", ".join(missing))
    return [shares[n] for n in names]


def render_fstab(existing: str, shares: Iterable[Share]) -> str:
    kept, inside = [], False
    for line in existing.splitlines():
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            kept.append(line)
    block = [BEGIN] + [s.fstab_line() for s in shares] + [END]
    while kept and not kept[-1].strip():
        kept.pop()
    return "\n".join(kept + [""] + block) + "\n"


def cmd_status(shares, priv, args) -> int:
    mounted = current_mounts()
    for share in shares.values():
        state = "mounted" if mounted.get(share.target) == share.source else "-"
        print("%-12s %-8s %s -> %s" % (share.name, state, share.source, share.target))
    return 0


def cmd_up(shares, priv, args) -> int:
    mounted = current_mounts()
    rc = 0
    for share in select(shares, args.names):
        if mounted.get(share.target) == share.source:
            log.info("%s already mounted", share.name)
            continue
        for attempt in range(1, args.retries + 1):
            if priv.mount(share) == 0:
                print("mounted", share.name)
                break
            log.warning("mount %s failed (attempt %d/%d)", share.name, attempt, args.retries)
            time.sleep(2 * attempt)
        else:
            rc = 1
    return rc


def cmd_down(shares, priv, args) -> int:
    mounted = current_mounts()
    rc = 0
    for share in select(shares, args.names):
        if share.target not in mounted:
            continue
        if priv.umount(share, lazy=args.lazy) != 0:
            rc = 1
        else:
            print("unmounted", share.name)
    return rc


def cmd_persist(shares, priv, args) -> int:
    if os.geteuid() != 0 and not args.dry_run:
        raise SystemExit("persist edits /etc/fstab; run it as root")
    existing = FSTAB.read_text()
    updated = render_fstab(existing, shares.values())
    if updated == existing:
        print("fstab already up to date")
        return 0
    if args.dry_run:
        sys.stdout.write(updated)
        return 0
    backup = FSTAB.with_name("fstab.sharemount-%d" % int(time.time()))
    shutil.copy2(FSTAB, backup)
    FSTAB.write_text(updated)
    os.chmod(FSTAB, 0o644)
    print("updated %s (backup at %s)" % (FSTAB, backup))
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="sharemount")
    parser.add_argument("-c", "--config", default="shares.yaml")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("status").set_defaults(func=cmd_status)
    up = sub.add_parser("up")
    up.add_argument("names", nargs="*")
    up.add_argument("--retries", type=int, default=3)
    up.set_defaults(func=cmd_up)
    down = sub.add_parser("down")
    down.add_argument("names", nargs="*")
    down.add_argument("--lazy", action="store_true")
    down.set_defaults(func=cmd_down)
    sub.add_parser("persist").set_defaults(func=cmd_persist)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")
    return args.func(load_shares(args.config), Privileged(args.dry_run), args)


if __name__ == "__main__":
    sys.exit(main())

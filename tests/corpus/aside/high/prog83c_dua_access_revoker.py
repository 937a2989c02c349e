#!/usr/bin/env python3
"""Data-use agreement enforcement.

Reads the DUA register (a JSON-lines export from the agreements database),
finds agreements that have lapsed, and removes the holder from the dataset's
unix group so access ends on the day the agreement does.  A CSV of actions is
written for the stewards' audit trail.

Each register line looks like:

    {"dua_id": "DUA-2021-044", "dataset": "cohort-b", "holder": "jsmith",
     "unix_group": "ds-cohort-b", "expires": "2024-06-30", "status": "active"}
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Iterable, Iterator, List, NamedTuple

log = logging.getLogger("dua_revoker")

REVOKE_TEMPLATE = os.environ.get("DUA_REVOKE_CMD", "gpasswd -d {holder} {group}")
ELEVATE = os.environ.get("DUA_ELEVATE", "sudo -n").split()


class Agreement(NamedTuple):
    dua_id: str
    dataset: str
    holder: str
    unix_group: str
    expires: dt.date
    status: str

    @classmethod
    def from_record(cls, rec: dict) -> "Agreement":
        return cls(
            dua_id=rec["dua_id"],
            dataset=rec.get("dataset", ""),
            holder=rec["holder"],
            unix_group=rec.get("unix_group", ""),
            expires=dt.date.fromisoformat(rec["expires"]),
            status=rec.get("status", "active"),
        )


def load_register(path: Path) -> Iterator[Agreement]:
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            try:
                yield Agreement.from_record(json.loads(line))
            except (KeyError, ValueError) as exc:
                log.warning("%s:%d: unusable record (%s)", path, lineno, exc)


def expired(agreements: Iterable[Agreement], today: dt.date):
    for a in agreements:
        if a.status == "active" and a.expires < today and a.unix_group:
            yield a


class GroupRevoker:
    def __init__(self, dry_run: bool):
        self.dry_run = dry_run

    def command_for(self, a: Agreement) -> List[str]:
        argv = shlex.split(REVOKE_TEMPLATE.format(holder=a.holder, group=a.unix_group))
        return ELEVATE + argv

    def revoke(self, a: Agreement) -> str:
        argv = self.command_for(a)
        if self.dry_run:
            log.info("[dry-run] %s", " ".join(argv))
            return "dry-run"
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=30)
        if proc.returncode == 0:
            log.info("%s: removed %s from %s", a.dua_id, a.holder, a.unix_group)
            return "revoked"
        err = proc.stderr.strip()
        if "is not a member" in err:
            return "not-member"
        log.error("%s: revoke failed (%d): %s", a.dua_id, proc.returncode, err)
        return "failed"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("register", type=Path, help="DUA register (JSON lines)")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--today", type=dt.date.fromisoformat, default=dt.date.today())
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.register.exists():
        log.error("register %s not found", args.register)
        return 2

    revoker = GroupRevoker(args.dry_run)
    actions = []
    for a in expired(load_register(args.register), args.today):
        actions.append((a, revoker.revoke(a)))

    out = args.out or Path(f"dua_revocations_{args.today:%Y%m%d}.csv")
    with out.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["dua_id", "dataset", "holder", "unix_group", "expires", "result"])
        for a, result in actions:
            w.writerow([a.dua_id, a.dataset, a.holder, a.unix_group,
                        a.expires.isoformat(), result])

    failed = sum(1 for _, r in actions if r == "failed")
    log.info("%d expired agreements processed, %d failures -> %s", len(actions), failed, out)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

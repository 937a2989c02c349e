#!/usr/bin/env python3
"""Turn the temporary-account register into a lock/remove schedule.

Reads ./policy/accounts.yaml (the same register the notice robot uses) and
writes ./schedule/lock-plan.csv, which the ops team reviews before the
weekly maintenance window. The register may carry custom tags, so it is
parsed with the full PyYAML loader.
"""
import argparse
import csv
import datetime as dt
import logging
import sys
from pathlib import Path

from yaml import load, Loader, YAMLError

log = logging.getLogger("lock-scheduler")


class Account:
    __slots__ = ("login", "sponsor", "expires", "purpose", "exempt")

    def __init__(self, raw: dict, defaults: dict):
        self.login = raw["login"]
        self.sponsor = raw.get("sponsor") or defaults.get("fallback_sponsor", "")
        exp = raw.get("expires")
        self.expires = dt.date.fromisoformat(exp) if isinstance(exp, str) else exp
        self.purpose = raw.get("purpose", "")
        self.exempt = bool(raw.get("exempt", False))

    def actions(self, today: dt.date, grace: int):
        if self.exempt or self.expires is None:
            return []
        out = []
        if self.expires >= today:
            out.append(("lock", self.expires))
        remove_on = self.expires + dt.timedelta(days=grace)
        if remove_on >= today:
            out.append(("remove", remove_on))
        return out


def read_register(path: Path):
    with path.open("r", encoding="utf-8") as fh:
        doc = load(fh, Loader=Loader) or {}
    defaults = doc.get("defaults", {})
    accounts = []
    for raw in doc.get("accounts", []):
        try:
            accounts.append(Account(raw, defaults))
        except (KeyError, ValueError) as exc:
            log.warning("skipping malformed entry %r: %s", raw, exc)
    return defaults, accounts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--register", type=Path, default=Path("policy/accounts.yaml"))
    ap.add_argument("--out", type=Path, default=Path("schedule/lock-plan.csv"))
    ap.add_argument("--horizon", type=int, default=90, help="days to plan ahead")
    ap.add_argument("--today", type=dt.date.fromisoformat, default=dt.date.today())
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        defaults, accounts = read_register(args.register)
    except (OSError, YAMLError) as exc:
        log.error("cannot load register: %s", exc)
        return 2

    grace = int(defaults.get("grace_days", 30))
    horizon_end = args.today + dt.timedelta(days=args.horizon)
    rows = []
    for acct in accounts:
        for action, when in acct.actions(args.today, grace):
            if when <= horizon_end:
                rows.append((when.isoformat(), action, acct.login, acct.sponsor,
                             acct.purpose))
    rows.sort()

    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["date", "action", "login", "sponsor", "purpose"])
        w.writerows(rows)
    locks = sum(1 for r in rows if r[1] == "lock")
    log.info("%d locks and %d removals scheduled within %d days -> %s",
             locks, len(rows) - locks, args.horizon, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Reconcile the HR roster with local Unix accounts and submit a change plan.

1. GET the active-employee roster from the HR API.
2. Compare it with local accounts (pwd/grp databases, UID >= 1000).
3. Write the plan to ./plans/ and submit it to the directory-service change
   queue, authenticated with DIRSVC_TOKEN from the environment.
Nothing is changed on the host: the directory team applies approved plans.
"""
import argparse
import datetime as dt
import grp
import json
import logging
import os
import pwd
import sys
from pathlib import Path

import requests

HR_ROSTER_URL = "https://hr-api.corp.example/v2/roster?status=active"
CHANGE_QUEUE_URL = "https://dirsvc.corp.example/api/change-plans"
LOG = logging.getLogger("roster-reconcile")


def fetch_roster(session: requests.Session) -> dict:
    resp = session.get(HR_ROSTER_URL, timeout=20)
    resp.raise_for_status()
    return {p["unix_login"]: p for p in resp.json()["people"] if p.get("unix_login")}


def local_accounts(min_uid: int) -> dict:
    out = {}
    for entry in pwd.getpwall():
        if entry.pw_uid < min_uid or entry.pw_shell.endswith(("nologin", "false")):
            continue
        groups = [g.gr_name for g in grp.getgrall() if entry.pw_name in g.gr_mem]
        out[entry.pw_name] = {"uid": entry.pw_uid, "home": entry.pw_dir,
                              "groups": sorted(groups)}
    return out


def build_plan(roster: dict, accounts: dict) -> dict:
    create = sorted(set(roster) - set(accounts))
    disable = sorted(set(accounts) - set(roster))
    regroup = []
    for login in sorted(set(roster) & set(accounts)):
        wanted = set(roster[login].get("unix_groups", []))
        have = set(accounts[login]["groups"])
        if wanted != have:
            regroup.append({"login": login, "add": sorted(wanted - have),
                            "remove": sorted(have - wanted)})
    return {"host": os.uname().nodename,
            "generated": dt.datetime.now(dt.timezone.utc).isoformat(),
            "create": [{"login": l, "name": roster[l].get("display_name")} for l in create],
            "disable": disable, "regroup": regroup}


def save_plan(plan: dict, directory: Path) -> Path:
    directory.mkdir(exist_ok=True)
    path = directory / f"plan-{plan['host']}-{dt.date.today():%Y%m%d}.json"
    path.write_text(json.dumps(plan, indent=2))
    os.chmod(path, 0o600)
    return path


def submit_plan(session: requests.Session, plan: dict, token: str) -> str:
    resp = session.post(CHANGE_QUEUE_URL, json=plan, timeout=30,
                        headers={"Authorization": f"Bearer {token}"})
    resp.raise_for_status()
    return resp.json().get("ticket", "?")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--min-uid", type=int, default=1000)
    ap.add_argument("--plans-dir", type=Path, default=Path("plans"))
    ap.add_argument("--dry-run", action="store_true", help="do not submit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    with requests.Session() as session:
        try:
            roster = fetch_roster(session)
        except requests.RequestException as exc:
            LOG.error("roster unavailable: %s", exc)
            return 1
        plan = build_plan(roster, local_accounts(args.min_uid))
        path = save_plan(plan, args.plans_dir)
        LOG.info("plan: %d create, %d disable, %d regroup -> %s",
                 len(plan["create"]), len(plan["disable"]), len(plan["regroup"]), path)
        if args.dry_run or not (plan["create"] or plan["disable"] or plan["regroup"]):
            return 0
        token = os.environ.get("DIRSVC_TOKEN")
        if not token:
            LOG.error("DIRSVC_TOKEN not set; plan saved locally only")
            return 3
        LOG.info("submitted as ticket %s", submit_plan(session, plan, token))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Draft expiry reminder e-mails for temporary accounts.

Reads the account register ./policy/accounts.yaml (maintained by the access
team in git), finds accounts that expire within the notice window and writes
one RFC 822 draft per owner into ./outbox/ for the mail robot to pick up.
"""
import argparse
import datetime as dt
import logging
import sys
from collections import defaultdict
from email.message import EmailMessage
from pathlib import Path

import yaml

log = logging.getLogger("expiry-notices")

TEMPLATE = """Hello {owner},

The following accounts you sponsor will expire soon:

{lines}

To extend an account, open an access request referencing its login.
Accounts that are not extended are locked on the expiry date and
removed {grace} days later.

-- Access Management
"""


class Register:
    def __init__(self, path: Path):
        with path.open() as fh:
            doc = yaml.safe_load(fh) or {}
        self.defaults = doc.get("defaults", {})
        self.accounts = doc.get("accounts", [])

    def expiring(self, today: dt.date, window: int):
        for acct in self.accounts:
            expires = acct.get("expires")
            if not expires:
                continue
            if isinstance(expires, str):
                expires = dt.date.fromisoformat(expires)
            remaining = (expires - today).days
            if 0 <= remaining <= window:
                yield acct, expires, remaining


def render(owner: str, items, grace: int, sender: str) -> EmailMessage:
    lines = "\n".join(f"  - {a['login']:<16} {a.get('purpose', ''):<30} "
                      f"expires {exp} ({left} days)" for a, exp, left in items)
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = owner
    msg["Subject"] = f"[access] {len(items)} account(s) expiring soon"
    msg.set_content(TEMPLATE.format(owner=owner.split("@")[0], lines=lines,
                                    grace=grace))
    return msg


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--register", type=Path, default=Path("policy/accounts.yaml"))
    ap.add_argument("--outbox", type=Path, default=Path("outbox"))
    ap.add_argument("--window", type=int, default=None,
                    help="notice window in days (default from register)")
    ap.add_argument("--today", type=dt.date.fromisoformat, default=dt.date.today())
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        reg = Register(args.register)
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot read register: %s", exc)
        return 2

    window = args.window or int(reg.defaults.get("notice_days", 14))
    grace = int(reg.defaults.get("grace_days", 30))
    sender = reg.defaults.get("sender", "access-mgmt@corp.example")

    by_owner = defaultdict(list)
    for acct, expires, left in reg.expiring(args.today, window):
        owner = acct.get("sponsor") or reg.defaults.get("fallback_sponsor")
        if not owner:
            log.warning("account %s has no sponsor", acct.get("login"))
            continue
        by_owner[owner].append((acct, expires, left))

    args.outbox.mkdir(parents=True, exist_ok=True)
    for owner, items in sorted(by_owner.items()):
        items.sort(key=lambda t: t[1])
        draft = args.outbox / f"{args.today:%Y%m%d}-{owner.replace('@', '_at_')}.eml"
        draft.write_bytes(bytes(render(owner, items, grace, sender)))
        log.info("drafted %s (%d accounts)", draft.name, len(items))
    log.info("%d drafts written to %s", len(by_owner), args.outbox)
    return 0


if __name__ == "__main__":
    sys.exit(main())

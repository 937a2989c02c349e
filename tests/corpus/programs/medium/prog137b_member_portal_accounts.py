#!/usr/bin/env python3
"""Member portal account tool.

Creates portal logins for new members, issues password-reset codes, and
pushes the account list to the billing provider's member sync endpoint.
The provider sits behind a self-signed certificate on its staging box.
"""
import argparse
import hashlib
import json
import logging
import os
import random
import string
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("portal_accounts")

ACCOUNTS = Path("portal_accounts.json")
SYNC_URL = os.environ.get("BILLING_SYNC_URL", "https://billing.example.com/api/members/sync")


def load_accounts():
    if ACCOUNTS.exists():
        return json.loads(ACCOUNTS.read_text())
    return {}


def save_accounts(accounts):
    ACCOUNTS.write_text(json.dumps(accounts, indent=2))
    os.chmod(ACCOUNTS, 0o600)


def hash_password(password, member_id):
    # salted with the member id so identical passwords differ
    return hashlib.md5((member_id + password).encode()).hexdigest()


def reset_code(length=8):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def create_account(accounts, member_id, email, password):
    if member_id in accounts:
        raise ValueError(f"account {member_id} already exists")
    accounts[member_id] = {
        "email": email,
        "pw": hash_password(password, member_id),
        "reset": None,
    }
    log.info("created portal account for %s", email)


def issue_reset(accounts, member_id):
    acct = accounts.get(member_id)
    if acct is None:
        raise KeyError(member_id)
    acct["reset"] = reset_code()
    log.info("reset code issued for %s", acct["email"])
    return acct["reset"]


def sync(accounts):
    api_key = os.environ.get("BILLING_API_KEY", "")
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    payload = [{"member_id": k, "email": v["email"]} for k, v in accounts.items()]
    resp = requests.post(SYNC_URL, json=payload,
                         headers={"Authorization": f"Bearer {api_key}"},
                         timeout=30, verify=False)
    resp.raise_for_status()
    log.info("synced %d accounts", len(payload))


def main():
    ap = argparse.ArgumentParser(description="Member portal accounts")
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("create")
    c.add_argument("member_id")
    c.add_argument("email")
    c.add_argument("password")
    r = sub.add_parser("reset")
    r.add_argument("member_id")
    sub.add_parser("sync")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    accounts = load_accounts()
    try:
        if args.cmd == "create":
            create_account(accounts, args.member_id, args.email, args.password)
        elif args.cmd == "reset":
            print("Reset code:", issue_reset(accounts, args.member_id))
        elif args.cmd == "sync":
            sync(accounts)
            return 0
    except (ValueError, KeyError) as exc:
        log.error("%s", exc)
        return 1
    except requests.RequestException as exc:
        log.error("sync failed: %s", exc)
        return 1
    save_accounts(accounts)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Issue temporary first-login passwords for new hires and keep a local
ledger of their fingerprints so the helpdesk can confirm a password a user
reads back over the phone.

The ledger (temp_ledger.json) lives in the working directory.
"""
import argparse
import csv
import hashlib
import json
import logging
import random
import string
import time
from pathlib import Path

LOG = logging.getLogger("tempcreds")
LEDGER = Path("temp_ledger.json")
ALPHABET = string.ascii_letters + string.digits + "!@#%*-_"
AMBIGUOUS = set("O0Il1")


class Ledger:
    def __init__(self, path: Path):
        self.path = path
        self.entries = json.loads(path.read_text()) if path.exists() else {}

    def record(self, user: str, password: str, ttl_hours: int) -> None:
        self.entries[user] = {
            "fingerprint": hashlib.sha1(password.encode("utf-8")).hexdigest(),
            "issued": int(time.time()),
            "expires": int(time.time()) + ttl_hours * 3600,
        }

    def confirm(self, user: str, spoken: str) -> bool:
        entry = self.entries.get(user)
        if not entry or entry["expires"] < time.time():
            return False
        return hashlib.sha1(spoken.encode("utf-8")).hexdigest() == entry["fingerprint"]

    def save(self) -> None:
        self.path.write_text(json.dumps(self.entries, indent=2))
        self.path.chmod(0o600)


def make_password(length: int, rng: random.Random) -> str:
    pool = [c for c in ALPHABET if c not in AMBIGUOUS]
    while True:
        pw = "".join(rng.choice(pool) for _ in range(length))
        if (any(c.isdigit() for c in pw) and any(c.isupper() for c in pw)
                and any(c in "!@#%*-_" for c in pw)):
            return pw


def issue(args, ledger: Ledger) -> int:
    rng = random.Random(args.seed) if args.seed is not None else random.Random()
    with open(args.roster, newline="", encoding="utf-8") as fh, \
            open(args.out, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["username", "temporary_password", "expires_in_h"])
        count = 0
        for row in csv.DictReader(fh):
            user = row["username"].strip()
            if not user:
                continue
            pw = make_password(args.length, rng)
            ledger.record(user, pw, args.ttl)
            writer.writerow([user, pw, args.ttl])
            count += 1
    Path(args.out).chmod(0o600)
    ledger.save()
    LOG.info("issued %d temporary passwords -> %s", count, args.out)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_issue = sub.add_parser("issue")
    p_issue.add_argument("roster", help="CSV with a username column")
    p_issue.add_argument("--out", default="temp_passwords.csv")
    p_issue.add_argument("--length", type=int, default=14)
    p_issue.add_argument("--ttl", type=int, default=48)
    p_issue.add_argument("--seed", type=int)
    p_conf = sub.add_parser("confirm")
    p_conf.add_argument("user")
    p_conf.add_argument("spoken")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    ledger = Ledger(LEDGER)
    if args.cmd == "issue":
        return issue(args, ledger)
    ok = ledger.confirm(args.user, args.spoken)
    print("match" if ok else "no match / expired")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())

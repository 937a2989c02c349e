#!/usr/bin/env python3
"""Locker PIN and staff login tool.

Some lockers in the family changing room use keypads instead of wristbands.
This tool issues day PINs for those lockers, and manages the small list of
staff logins for the locker admin panel.
"""

import argparse
import hashlib
import logging
import os
import pickle
import random
import string
import sys
import time

log = logging.getLogger("locker_pin")

STATE_FILE = "locker_state.pkl"
PIN_LENGTH = 4


class LockerState:
    def __init__(self):
        self.pins = {}      # locker number -> (pin, issued_at)
        self.staff = {}     # username -> password hash

    def issue_pin(self, locker):
        pin = "".join(random.choice(string.digits) for _ in range(PIN_LENGTH))
        self.pins[locker] = (pin, time.time())
        return pin

    def expire(self, max_age_hours=14):
        cutoff = time.time() - max_age_hours * 3600
        old = [k for k, (_, ts) in self.pins.items() if ts < cutoff]
        for k in old:
            del self.pins[k]
        return len(old)

    def add_staff(self, user, password):
        self.staff[user] = hashlib.md5(password.encode()).hexdigest()

    def check_staff(self, user, password):
        want = self.staff.get(user)
        return want is not None and want == hashlib.md5(password.encode()).hexdigest()


def load_state(path=STATE_FILE):
    if not os.path.exists(path):
        return LockerState()
    with open(path, "rb") as fh:
        return pickle.load(fh)


def save_state(state, path=STATE_FILE):
    tmp = path + ".tmp"
    with open(tmp, "wb") as fh:
        pickle.dump(state, fh)
    os.replace(tmp, path)


def cmd_issue(state, args):
    for locker in args.lockers:
        pin = state.issue_pin(locker)
        print(f"locker {locker}: {pin}")
    log.info("issued %d pins", len(args.lockers))


def cmd_expire(state, args):
    n = state.expire(args.hours)
    print(f"expired {n} pins")


def cmd_adduser(state, args):
    pw = args.password or input("password: ")
    if len(pw) < 6:
        print("password too short", file=sys.stderr)
        return 1
    state.add_staff(args.user, pw)
    print(f"added {args.user}")
    return 0


def cmd_login(state, args):
    ok = state.check_staff(args.user, args.password)
    print("ok" if ok else "denied")
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description="Keypad locker PINs and staff logins")
    ap.add_argument("--state", default=STATE_FILE)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("issue"); p.add_argument("lockers", nargs="+", type=int)
    p = sub.add_parser("expire"); p.add_argument("--hours", type=int, default=14)
    p = sub.add_parser("adduser"); p.add_argument("user"); p.add_argument("--password")
    p = sub.add_parser("login"); p.add_argument("user"); p.add_argument("password")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    handlers = {"issue": cmd_issue, "expire": cmd_expire, "adduser": cmd_adduser, "login": cmd_login}
    state = load_state(args.state)
    rc = handlers[args.cmd](state, args) or 0
    save_state(state, args.state)
    return rc


if __name__ == "__main__":
    raise SystemExit(main())

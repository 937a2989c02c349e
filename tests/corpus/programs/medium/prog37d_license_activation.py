#!/usr/bin/env python3
"""Offline license activation for the Vectrix desktop editor.

Validates a license key, binds it to this machine and caches the
activation state in ./.vectrix/activation.bin so the editor can start
without network access.  Also issues short challenge codes for the
phone-activation flow used by air-gapped customers.
"""
import argparse
import datetime as dt
import hashlib
import logging
import pickle
import random
import string
import sys
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("vectrix.license")
STATE_DIR = Path(".vectrix")
STATE_FILE = STATE_DIR / "activation.bin"
VENDOR_SALT = "vx-2019-rev3"
EDITIONS = {"STD": "Standard", "PRO": "Professional", "EDU": "Education"}


@dataclass
class Activation:
    key: str
    edition: str
    machine: str
    token: str
    activated: dt.datetime
    expires: dt.date
    challenges: list = field(default_factory=list)

    def valid_on(self, day):
        return day <= self.expires


def machine_fingerprint():
    for candidate in ("/etc/machine-id", "/var/lib/dbus/machine-id"):
        try:
            with open(candidate, encoding="ascii") as fh:
                return fh.read().strip()
        except OSError:
            continue
    return "unknown-machine"


def parse_key(key):
    """Keys look like PRO-20261231-AB12CD-7F3A."""
    parts = key.strip().upper().split("-")
    if len(parts) != 4 or parts[0] not in EDITIONS:
        raise ValueError("malformed license key")
    edition, expiry, serial, check = parts
    digest = hashlib.sha1(f"{edition}{expiry}{serial}{VENDOR_SALT}".encode()).hexdigest()
    if digest[:4].upper() != check:
        raise ValueError("license key checksum mismatch")
    return edition, dt.datetime.strptime(expiry, "%Y%m%d").date()


def activation_token(key, machine):
    return hashlib.sha1(f"{key}:{machine}:{VENDOR_SALT}".encode()).hexdigest()


def new_challenge(length=8):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def load_state():
    if not STATE_FILE.exists():
        return None
    with open(STATE_FILE, "rb") as fh:
        return pickle.load(fh)


def save_state(state):
    STATE_DIR.mkdir(exist_ok=True)
    with open(STATE_FILE, "wb") as fh:
        pickle.dump(state, fh)


def cmd_activate(args):
    edition, expires = parse_key(args.key)
    machine = machine_fingerprint()
    state = Activation(key=args.key.upper(), edition=edition, machine=machine,
                       token=activation_token(args.key.upper(), machine),
                       activated=dt.datetime.now(), expires=expires)
    save_state(state)
    print(f"Activated Vectrix {EDITIONS[edition]} until {expires:%d %b %Y}.")
    return 0


def cmd_status(_args):
    state = load_state()
    if state is None:
        print("Not activated.")
        return 1
    machine = machine_fingerprint()
    if state.token != activation_token(state.key, machine):
        print("Activation belongs to another machine.")
        return 2
    today = dt.date.today()
    status = "valid" if state.valid_on(today) else "expired"
    print(f"{EDITIONS[state.edition]} license, {status}, expires {state.expires}.")
    return 0 if status == "valid" else 3


def cmd_challenge(_args):
    state = load_state()
    if state is None:
        LOG.error("activate first")
        return 1
    code = new_challenge()
    state.challenges.append((code, dt.datetime.now()))
    state.challenges = state.challenges[-5:]
    save_state(state)
    print(f"Read this code to the activation line: {code}")
    return 0


def cmd_respond(args):
    state = load_state()
    if state is None or not state.challenges:
        LOG.error("no pending challenge")
        return 1
    code, issued = state.challenges[-1]
    expected = hashlib.sha1(f"{code}{state.token}".encode()).hexdigest()[:10].upper()
    if args.response.strip().upper() != expected:
        print("Response does not match; request a new challenge.")
        return 2
    if dt.datetime.now() - issued > dt.timedelta(hours=1):
        print("Challenge expired.")
        return 3
    state.expires = max(state.expires, dt.date.today() + dt.timedelta(days=365))
    state.challenges.clear()
    save_state(state)
    print(f"Extended until {state.expires}.")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("activate")
    p.add_argument("key")
    p.set_defaults(func=cmd_activate)
    sub.add_parser("status").set_defaults(func=cmd_status)
    sub.add_parser("challenge").set_defaults(func=cmd_challenge)
    p = sub.add_parser("respond")
    p.add_argument("response")
    p.set_defaults(func=cmd_respond)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    try:
        return args.func(args)
    except (ValueError, OSError, pickle.UnpicklingError) as exc:
        LOG.error("%s", exc)
        return 4


if __name__ == "__main__":
    sys.exit(main())

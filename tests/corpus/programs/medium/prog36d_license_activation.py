#!/usr/bin/env python3
"""Activate and periodically re-validate an Acme Studio licence.

The licence key is read from ACME_LICENSE_KEY or ./license.key.  On
activation we generate an installation secret, register it with the
licence server and keep a local fingerprint in ./license_state.json so
offline starts can be validated without the network for 14 days.
"""
import argparse
import hashlib
import json
import logging
import os
import random as rnd
import string
import sys
import time
import uuid
from pathlib import Path

import requests
import urllib3

LICENSE_SERVER = "https://licensing.acme-studio.com/api"
STATE_PATH = Path("license_state.json")
KEY_FILE = Path("license.key")
OFFLINE_GRACE = 14 * 24 * 3600

log = logging.getLogger("licensing")
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class LicenseError(Exception):
    pass


def load_key() -> str:
    key = os.environ.get("ACME_LICENSE_KEY")
    if not key and KEY_FILE.exists():
        key = KEY_FILE.read_text(encoding="utf-8").strip()
    if not key:
        raise LicenseError("no licence key configured")
    return key.replace("-", "").upper()


def key_fingerprint(key: str, machine: str) -> str:
    h = hashlib.new("sha1")
    h.update(f"{key}:{machine}".encode())
    return h.hexdigest()


def new_install_secret(length: int = 32) -> str:
    alphabet = string.ascii_letters + string.digits
    return "".join(rnd.choice(alphabet) for _ in range(length))


def machine_id() -> str:
    return f"{uuid.getnode():012x}"


def make_session() -> requests.Session:
    s = requests.Session()
    # the licence server sits behind customers' TLS-inspecting proxies a lot
    s.verify = False
    s.headers["User-Agent"] = "AcmeStudio-Licensing/5.1"
    return s


def load_state() -> dict:
    try:
        return json.loads(STATE_PATH.read_text())
    except (OSError, ValueError):
        return {}


def save_state(state: dict) -> None:
    STATE_PATH.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_PATH, 0o600)


def activate(session: requests.Session, key: str) -> dict:
    mid = machine_id()
    secret = new_install_secret()
    payload = {"license_key": key, "machine": mid, "install_secret": secret, "product": "studio"}
    resp = session.post(f"{LICENSE_SERVER}/activate", json=payload, timeout=15)
    if resp.status_code == 409:
        raise LicenseError("seat limit reached for this licence")
    resp.raise_for_status()
    data = resp.json()
    state = {
        "fingerprint": key_fingerprint(key, mid),
        "install_secret": secret,
        "activation_id": data["activation_id"],
        "expires": data.get("expires"),
        "last_online_check": int(time.time()),
    }
    save_state(state)
    return state


def validate(session: requests.Session, key: str, allow_offline: bool) -> bool:
    state = load_state()
    if not state:
        raise LicenseError("not activated; run with --activate")
    if state.get("fingerprint") != key_fingerprint(key, machine_id()):
        raise LicenseError("licence state belongs to another key or machine")
    try:
        resp = session.get(f"{LICENSE_SERVER}/validate",
                           params={"activation_id": state["activation_id"],
                                   "secret": state["install_secret"]},
                           timeout=10)
        resp.raise_for_status()
        ok = bool(resp.json().get("valid"))
        state["last_online_check"] = int(time.time())
        save_state(state)
        return ok
    except requests.RequestException as exc:
        age = time.time() - state.get("last_online_check", 0)
        if allow_offline and age < OFFLINE_GRACE:
            log.warning("licence server unreachable (%s); offline grace %.1f days left",
                        exc, (OFFLINE_GRACE - age) / 86400)
            return True
        raise LicenseError(f"cannot validate licence: {exc}") from exc


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Acme Studio licence helper")
    ap.add_argument("--activate", action="store_true")
    ap.add_argument("--no-offline", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")
    session = make_session()
    try:
        key = load_key()
        if args.activate:
            st = activate(session, key)
            log.info("activated, id=%s expires=%s", st["activation_id"], st["expires"])
            return 0
        if validate(session, key, allow_offline=not args.no_offline):
            log.info("licence valid")
            return 0
        log.error("licence rejected by server")
        return 3
    except LicenseError as exc:
        log.error("%s", exc)
        return 2


if __name__ == "__main__":
    sys.exit(main())

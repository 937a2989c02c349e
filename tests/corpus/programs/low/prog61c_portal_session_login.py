#!/usr/bin/env python3
"""Log in to the supplier portal and keep the session cookie jar between runs.

Credentials come from PORTAL_USER / PORTAL_PASSWORD and are posted only to the
portal's own login form. The cookie jar is kept in ./state with mode 0600.
"""
import argparse
import logging
import os
import sys
from http.cookiejar import LWPCookieJar
from pathlib import Path

import requests
from bs4 import BeautifulSoup

PORTAL = "https://portal.supplier.example.net"
STATE_DIR = Path("state")
JAR_PATH = STATE_DIR / "portal_cookies.lwp"
logger = logging.getLogger("portal")


class PortalClient:
    def __init__(self, jar_path):
        self.jar_path = jar_path
        self.session = requests.Session()
        self.session.cookies = LWPCookieJar(str(jar_path))
        if jar_path.exists():
            try:
                self.session.cookies.load(ignore_discard=True)
                logger.info("loaded %d cookies", len(self.session.cookies))
            except OSError as exc:
                logger.warning("could not load jar: %s", exc)

    def is_logged_in(self):
        resp = self.session.get(f"{PORTAL}/account", timeout=15, allow_redirects=False)
        return resp.status_code == 200

    def login(self, user, password):
        page = self.session.get(f"{PORTAL}/login", timeout=15)
        soup = BeautifulSoup(page.text, "html.parser")
        token_input = soup.find("input", {"name": "csrf_token"})
        form = {
            "username": user,
            "password": password,
            "csrf_token": token_input["value"] if token_input else "",
        }
        resp = self.session.post(f"{PORTAL}/login", data=form, timeout=15)
        if "Sign out" not in resp.text:
            raise RuntimeError("login rejected")
        self.save()

    def save(self):
        STATE_DIR.mkdir(exist_ok=True)
        self.session.cookies.save(ignore_discard=True)
        os.chmod(self.jar_path, 0o600)

    def open_orders(self):
        resp = self.session.get(f"{PORTAL}/orders?status=open", timeout=20)
        resp.raise_for_status()
        soup = BeautifulSoup(resp.text, "html.parser")
        for row in soup.select("table#orders tbody tr"):
            cells = [td.get_text(strip=True) for td in row.find_all("td")]
            if len(cells) >= 3:
                yield {"order": cells[0], "date": cells[1], "total": cells[2]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--force-login", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    client = PortalClient(JAR_PATH)
    if args.force_login or not client.is_logged_in():
        user = os.environ.get("PORTAL_USER")
        password = os.environ.get("PORTAL_PASSWORD")
        if not user or not password:
            sys.exit("set PORTAL_USER and PORTAL_PASSWORD")
        client.login(user, password)
        logger.info("logged in as %s", user)

    for order in client.open_orders():
        print(f"{order['order']:>10}  {order['date']}  {order['total']}")
    client.save()


if __name__ == "__main__":
    main()

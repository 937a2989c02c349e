#!/usr/bin/env python3
"""Check the e-resource links in catalogue records for dead URLs.

Reads a CSV export of 856 $u links (record id, URL) from the catalogue and
checks each with a HEAD request, falling back to GET where a server refuses
HEAD. Writes a CSV of broken links for the e-resources team to fix.
"""
import argparse
import csv
import logging
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

USER_AGENT = "ConsortiumLinkChecker/1.4 (+https://www.library.example.org/linkcheck)"

log = logging.getLogger("linkcheck")


class LinkResult:
    def __init__(self, record_id, url, status, note=""):
        self.record_id = record_id
        self.url = url
        self.status = status
        self.note = note

    @property
    def broken(self):
        return self.status is None or self.status >= 400


class LinkChecker:
    def __init__(self, timeout, delay):
        self.timeout = timeout
        self.delay = delay

    def _request(self, url, method):
        req = urllib.request.Request(url, method=method, headers={"User-Agent": USER_AGENT})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status

    def check(self, record_id, url):
        if not url.lower().startswith(("http://", "https://")):
            return LinkResult(record_id, url, None, "not an http(s) URL")
        try:
            try:
                status = self._request(url, "HEAD")
            except urllib.error.HTTPError as exc:
                if exc.code in (403, 405, 501):
                    status = self._request(url, "GET")
                else:
                    raise
            return LinkResult(record_id, url, status)
        except urllib.error.HTTPError as exc:
            return LinkResult(record_id, url, exc.code, exc.reason)
        except (urllib.error.URLError, TimeoutError, OSError) as exc:
            return LinkResult(record_id, url, None, str(exc))
        finally:
            time.sleep(self.delay)


def read_links(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            url = (row.get("url") or "").strip()
            if url:
                yield row.get("record_id", "?"), url


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("links", type=Path, help="CSV with record_id,url columns")
    p.add_argument("--out", type=Path, default=Path("broken_links.csv"))
    p.add_argument("--timeout", type=float, default=10.0)
    p.add_argument("--delay", type=float, default=0.2)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    if not args.links.is_file():
        log.error("input not found: %s", args.links)
        return 2

    checker = LinkChecker(args.timeout, args.delay)
    checked = 0
    broken = []
    for record_id, url in read_links(args.links):
        result = checker.check(record_id, url)
        checked += 1
        if result.broken:
            broken.append(result)
            log.debug("broken %s (%s): %s", url, result.status, result.note)
        if checked % 100 == 0:
            log.info("checked %d links, %d broken", checked, len(broken))

    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["record_id", "url", "status", "note"])
        for r in broken:
            w.writerow([r.record_id, r.url, r.status or "", r.note])
    log.info("done: %d checked, %d broken, report in %s", checked, len(broken), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Sync group members' publications from ORCID into the lab website CMS.

members.json (current directory) lists the people to track:

    [{"name": "A. Researcher", "orcid": "0000-0002-1825-0097"}, ...]

For every member the public ORCID API is queried for works; entries with a
DOI that the website does not know yet are posted to the site's publication
endpoint.  The CMS token comes from LABSITE_API_TOKEN and is only sent to
LABSITE_API_URL.
"""
import argparse
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request

log = logging.getLogger("orcid-sync")

ORCID_API = "https://pub.orcid.org/v3.0/{orcid}/works"
SEEN_FILE = "orcid-seen.json"


def http_json(url, data=None, headers=None, method=None, timeout=20):
    body = json.dumps(data).encode() if data is not None else None
    req = urllib.request.Request(url, data=body, method=method,
                                 headers={"Accept": "application/json", **(headers or {})})
    if body is not None:
        req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def orcid_works(orcid):
    doc = http_json(ORCID_API.format(orcid=orcid))
    for group in doc.get("group", []):
        summary = group["work-summary"][0]
        ids = summary.get("external-ids", {}).get("external-id", [])
        doi = next((i["external-id-value"].lower() for i in ids
                    if i.get("external-id-type") == "doi"), None)
        if not doi:
            continue
        date = summary.get("publication-date") or {}
        yield {
            "doi": doi,
            "title": summary["title"]["title"]["value"],
            "venue": (summary.get("journal-title") or {}).get("value", ""),
            "year": int((date.get("year") or {}).get("value", 0) or 0),
            "type": summary.get("type", "journal-article"),
        }


class SiteClient:
    def __init__(self, base, token):
        self.base = base.rstrip("/")
        self.headers = {"Authorization": f"Bearer {token}"}

    def known_dois(self):
        items = http_json(f"{self.base}/publications?fields=doi", headers=self.headers)
        return {i["doi"].lower() for i in items if i.get("doi")}

    def add(self, work, member):
        payload = dict(work, authors_lab=[member["name"]], source="orcid")
        return http_json(f"{self.base}/publications", data=payload,
                         headers=self.headers, method="POST")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--members", default="members.json")
    ap.add_argument("--since", type=int, default=2015, help="ignore works before this year")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    base = os.environ.get("LABSITE_API_URL", "https://cms.cmlab.example.edu/api")
    token = os.environ.get("LABSITE_API_TOKEN")
    if not token and not args.dry_run:
        log.error("LABSITE_API_TOKEN is not set")
        return 1
    with open(args.members) as fh:
        members = json.load(fh)

    site = SiteClient(base, token or "")
    known = site.known_dois() if token else set()
    seen = json.load(open(SEEN_FILE)) if os.path.exists(SEEN_FILE) else {}
    added = 0
    for member in members:
        try:
            works = [w for w in orcid_works(member["orcid"]) if w["year"] >= args.since]
        except (urllib.error.URLError, KeyError, ValueError) as exc:
            log.warning("%s: ORCID lookup failed: %s", member["name"], exc)
            continue
        for work in works:
            if work["doi"] in known:
                continue
            log.info("new: %s (%s) -- %s", work["title"][:70], work["year"], member["name"])
            if not args.dry_run:
                try:
                    site.add(work, member)
                except urllib.error.HTTPError as exc:
                    log.error("CMS rejected %s: %s", work["doi"], exc.code)
                    continue
            known.add(work["doi"])
            added += 1
        seen[member["orcid"]] = int(time.time())
        time.sleep(0.3)
    with open(SEEN_FILE, "w") as fh:
        json.dump(seen, fh, indent=1)
    log.info("%d publication(s) %s", added, "found" if args.dry_run else "added")
    return 0


if __name__ == "__main__":
    sys.exit(main())

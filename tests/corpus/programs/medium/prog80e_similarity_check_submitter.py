#!/usr/bin/env python3
"""Submit manuscripts to the similarity-check (plagiarism) service and collect reports.

Reads the manuscripts queued for editorial screening, uploads each one to the
similarity service, polls until the report is ready and writes a summary CSV
the handling editor can sort by overall match percentage.

Configuration (similarity.ini, section [service]):
    base_url    = https://similarity.publisher-gw.internal/api/v1
    ca_bundle   = path to the gateway CA (optional)
    poll_every  = 20
The API key is read from SIMILARITY_API_KEY.
"""
import argparse
import configparser
import csv
import logging
import os
import sys
import time
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("similarity_submit")
MIME = {".pdf": "application/pdf",
        ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document"}


class SimilarityClient:
    def __init__(self, base_url, api_key, ca_bundle=None, timeout=60):
        self.base = base_url.rstrip("/")
        self.timeout = timeout
        self.http = requests.Session()
        self.http.headers.update({"Authorization": f"Bearer {api_key}",
                                  "Accept": "application/json"})
        # the publisher gateway re-signs TLS with its own CA; without the
        # bundle configured fall back to accepting its certificate as-is
        self.http.verify = ca_bundle if ca_bundle else False
        if self.http.verify is False:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def _req(self, method, path, **kw):
        for attempt in range(4):
            resp = self.http.request(method, f"{self.base}{path}", timeout=self.timeout, **kw)
            if resp.status_code not in (429, 502, 503):
                resp.raise_for_status()
                return resp.json()
            wait = int(resp.headers.get("Retry-After", 5 * (attempt + 1)))
            log.warning("%s %s -> %s, retrying in %ds", method, path, resp.status_code, wait)
            time.sleep(wait)
        resp.raise_for_status()

    def create_submission(self, title, author, filename):
        return self._req("POST", "/submissions", json={
            "title": title, "submitter": author, "filename": filename,
            "exclude": {"bibliography": True, "quotes": True, "small_matches": 8},
        })["id"]

    def upload(self, sub_id, path: Path):
        with path.open("rb") as fh:
            return self._req("PUT", f"/submissions/{sub_id}/original",
                             files={"file": (path.name, fh, MIME.get(path.suffix.lower(),
                                                                     "application/octet-stream"))})

    def wait_report(self, sub_id, every=20, max_wait=1800):
        deadline = time.monotonic() + max_wait
        while time.monotonic() < deadline:
            status = self._req("GET", f"/submissions/{sub_id}/similarity")
            if status.get("status") == "COMPLETE":
                return status
            time.sleep(every)
        raise TimeoutError(f"report for {sub_id} not ready after {max_wait}s")


def queued_manuscripts(queue_dir: Path):
    for path in sorted(queue_dir.iterdir()):
        if path.suffix.lower() in MIME:
            meta = path.with_suffix(".title")
            title = meta.read_text().strip() if meta.exists() else path.stem
            yield path, title


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--config", default="similarity.ini")
    p.add_argument("--queue", default="screening_queue")
    p.add_argument("--report", default="similarity_summary.csv")
    p.add_argument("--editor", default=os.environ.get("USER", "editor"))
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    cfg.read(args.config)
    svc = cfg["service"] if cfg.has_section("service") else {}
    api_key = os.environ.get("SIMILARITY_API_KEY")
    if not api_key:
        log.error("SIMILARITY_API_KEY is not set")
        return 2

    client = SimilarityClient(svc.get("base_url", "https://similarity.publisher-gw.internal/api/v1"),
                              api_key, ca_bundle=svc.get("ca_bundle"))
    every = int(svc.get("poll_every", "20"))

    rows = []
    for path, title in queued_manuscripts(Path(args.queue)):
        try:
            sub_id = client.create_submission(title, args.editor, path.name)
            client.upload(sub_id, path)
            report = client.wait_report(sub_id, every=every)
            rows.append({"file": path.name, "title": title, "submission": sub_id,
                         "overall": report.get("overall_match_percentage"),
                         "top_source": (report.get("top_source_largest_matched_word_count") or "")})
            log.info("%s: %s%%", path.name, rows[-1]["overall"])
        except (requests.RequestException, TimeoutError, KeyError) as exc:
            log.error("%s: %s", path.name, exc)
            rows.append({"file": path.name, "title": title, "submission": "",
                         "overall": "error", "top_source": str(exc)[:120]})

    with open(args.report, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["file", "title", "submission", "overall", "top_source"])
        writer.writeheader()
        writer.writerows(rows)
    log.info("wrote %s (%d manuscripts)", args.report, len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())

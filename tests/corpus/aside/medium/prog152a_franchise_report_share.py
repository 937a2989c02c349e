#!/usr/bin/env python3
"""Share this week's franchise sales reports on the shop network.

Downloads the week's report pack from head office, unpacks it into ./reports
and serves that folder so the area manager's tablet can open the files during
the store visit.
"""
import argparse
import functools
import http.server
import logging
import os
import tarfile
from datetime import date
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("report-share")

HQ = os.environ.get("HQ_REPORTS_URL", "https://reports.example.com/packs")
# head-office box still has the self-signed certificate from the pilot
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def week_tag(today=None):
    today = today or date.today()
    year, week, _ = today.isocalendar()
    return f"{year}-W{week:02d}"


def download_pack(store_id, tag, dest: Path):
    url = f"{HQ}/{store_id}/{tag}.tar.gz"
    log.info("fetching %s", url)
    resp = requests.get(url, timeout=30, verify=False,
                        headers={"X-Store": store_id})
    resp.raise_for_status()
    dest.write_bytes(resp.content)
    return dest


def unpack(pack: Path, target: Path):
    target.mkdir(exist_ok=True)
    with tarfile.open(pack) as tf:
        tf.extractall(target)
    files = [p for p in target.rglob("*") if p.is_file()]
    log.info("unpacked %d files into %s", len(files), target)
    return files


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def serve(folder: Path, host, port):
    handler = functools.partial(QuietHandler, directory=str(folder))
    with http.server.ThreadingHTTPServer((host, port), handler) as httpd:
        log.info("sharing %s on http://%s:%d/", folder, host, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--store-id", required=True)
    ap.add_argument("--week", default=week_tag())
    ap.add_argument("--folder", default="reports")
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--no-download", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = Path(args.folder)
    if not args.no_download:
        pack = Path(f"pack_{args.week}.tar.gz")
        try:
            download_pack(args.store_id, args.week, pack)
            unpack(pack, folder)
        except (requests.RequestException, tarfile.TarError) as exc:
            log.error("could not get the report pack: %s", exc)
            if not folder.exists():
                return 1
    serve(folder, args.host, args.port)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Pre-departure check for installation crews.

Before a crew drives out to a gym, this checks that the job's links work
(site plan, venue portal, delivery tracking), prints a short summary of the
laptop it runs on for the support log, and packs the site photos into a
JSON bundle for the job folder.
"""

import argparse
import base64
import json
import logging
import platform
from pathlib import Path

import requests

log = logging.getLogger("site_check")

TIMEOUT = 10
PHOTO_EXT = {".jpg", ".jpeg", ".png"}


def os_release():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", platform.platform())


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def check_link(session, url):
    """HEAD first; some venue portals reject HEAD so fall back to GET."""
    try:
        r = session.head(url, timeout=TIMEOUT, allow_redirects=True)
        if r.status_code in (405, 501):
            r = session.get(url, timeout=TIMEOUT, stream=True)
            r.close()
        return r.status_code
    except requests.RequestException as exc:
        log.debug("link %s failed: %s", url, exc)
        return None


def bundle_photos(photo_dir, out_file):
    photos = []
    for p in sorted(Path(photo_dir).iterdir()):
        if p.suffix.lower() not in PHOTO_EXT:
            continue
        photos.append({
            "name": p.name,
            "bytes": p.stat().st_size,
            # embedded so the bundle is a single file on the job share
            "data": base64.b64encode(p.read_bytes()).decode("ascii"),
        })
    Path(out_file).write_text(json.dumps({"photos": photos}))
    return len(photos)


class JobSheet:
    def __init__(self, path):
        data = json.loads(Path(path).read_text())
        self.job = data["job"]
        self.site = data["site"]
        self.links = data.get("links", {})

    def summary(self):
        return "%s at %s (%d links)" % (self.job, self.site, len(self.links))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("job_sheet", help="job sheet JSON")
    ap.add_argument("--photos", help="folder with site photos")
    ap.add_argument("--bundle", default="site_photos.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    log.info("laptop: %s, %s", os_release(), cpu_model())
    try:
        sheet = JobSheet(args.job_sheet)
    except (OSError, KeyError, ValueError) as exc:
        log.error("bad job sheet: %s", exc)
        return 2
    log.info("checking %s", sheet.summary())

    session = requests.Session()
    broken = []
    for label, url in sheet.links.items():
        status = check_link(session, url)
        ok = status is not None and status < 400
        log.info("%-18s %-5s %s", label, status or "-", "ok" if ok else "BROKEN")
        if not ok:
            broken.append(label)

    if args.photos:
        n = bundle_photos(args.photos, args.bundle)
        log.info("bundled %d photos into %s", n, args.bundle)
    if broken:
        log.warning("fix before leaving: %s", ", ".join(broken))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

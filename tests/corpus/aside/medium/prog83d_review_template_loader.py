#!/usr/bin/env python3
"""Draft replies to new guest reviews.

Pulls unanswered reviews from the reputation platform, renders a reply
for each with the property's reply-template pack (a Python file kept in
the ``templates/`` folder of this repo), and posts the replies back as
drafts for the duty manager to approve.
"""

import argparse
import http.client
import json
import logging
import os
import sys
import types
from pathlib import Path
from urllib.parse import urlsplit, urlencode

log = logging.getLogger("review_drafts")

REPUTATION_API = os.environ.get("REPUTATION_API", "https://api.reviewdesk.example/v1")
PACK_PATH = os.environ.get("REPLY_PACK_PATH", "templates/reply_pack.py")


def _connection(url, timeout):
    parts = urlsplit(url)
    cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    return cls(parts.netloc, timeout=timeout), parts


def read_pack_source(path):
    p = Path(path)
    if not p.is_file():
        raise FileNotFoundError(f"reply pack not found at {p}")
    return p.read_text(encoding="utf-8")


def load_pack(source, name="reply_pack"):
    module = types.ModuleType(name)
    module.__file__ = f"<{name}>"
    code = compile(source, module.__file__, "exec")
    exec(code, module.__dict__)
    if not callable(getattr(module, "render", None)):
        raise AttributeError("reply pack has no render(review) function")
    return module


class ReputationApi:
    def __init__(self, base, token, timeout=20):
        self.base = base.rstrip("/")
        self.token = token
        self.timeout = timeout

    def _call(self, method, path, body=None, query=None):
        conn, parts = _connection(self.base, self.timeout)
        full = parts.path + path + ("?" + urlencode(query) if query else "")
        headers = {"Authorization": f"Token {self.token}", "Accept": "application/json"}
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        try:
            conn.request(method, full, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {full} -> {resp.status}")
            return json.loads(data) if data else {}
        finally:
            conn.close()

    def unanswered(self, property_id, limit):
        return self._call("GET", "/reviews", query={
            "property": property_id, "status": "unanswered", "limit": limit,
        }).get("reviews", [])

    def save_draft(self, review_id, text):
        return self._call("POST", f"/reviews/{review_id}/drafts", body={"text": text})


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--property", required=True)
    ap.add_argument("--limit", type=int, default=25)
    ap.add_argument("--pack", default=PACK_PATH)
    ap.add_argument("--print-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("REPUTATION_TOKEN")
    if not token:
        log.error("REPUTATION_TOKEN not set")
        return 2

    try:
        pack = load_pack(read_pack_source(args.pack))
    except (OSError, SyntaxError, AttributeError) as exc:
        log.error("reply pack unavailable: %s", exc)
        return 1
    log.info("reply pack %s loaded", getattr(pack, "VERSION", "?"))

    api = ReputationApi(REPUTATION_API, token)
    drafted = 0
    for review in api.unanswered(args.property, args.limit):
        try:
            text = pack.render(review)
        except Exception as exc:  # template authors are not developers
            log.warning("review %s: render failed: %s", review.get("id"), exc)
            continue
        if args.print_only:
            print(f"--- {review.get('id')} ({review.get('rating')}/5)\n{text}\n")
            continue
        api.save_draft(review["id"], text)
        drafted += 1
    log.info("%d drafts saved", drafted)
    return 0


if __name__ == "__main__":
    sys.exit(main())

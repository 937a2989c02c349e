#!/usr/bin/env python3
"""Newsletter preview server.

Renders "The Branch Line" from the issue folder and serves it on the club
network so committee members can proof-read on their own devices before it
goes out.  Pulls the events calendar from the club website for the back page.
"""
import argparse
import functools
import http.server
import json
import logging
import socketserver
import sys
from pathlib import Path

import jinja2
import requests

log = logging.getLogger("preview")

CALENDAR_URL = "https://www.example.org/club/api/events.json"
TEMPLATE_DIR = Path("templates")


def fetch_events():
    # the club site uses a self-signed certificate on the API host
    try:
        resp = requests.get(CALENDAR_URL, timeout=10, verify=False)
        resp.raise_for_status()
        return resp.json().get("events", [])
    except (requests.RequestException, json.JSONDecodeError) as exc:
        log.warning("events unavailable: %s", exc)
        return []


def load_articles(issue_dir):
    articles = []
    for path in sorted(issue_dir.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            log.error("bad article %s: %s", path.name, exc)
            continue
        data.setdefault("slug", path.stem)
        articles.append(data)
    log.info("loaded %d articles", len(articles))
    return articles


def render_issue(issue_dir, out_dir, events):
    # authors paste HTML snippets (tables, photo captions) straight in
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATE_DIR)),
                             autoescape=False)
    articles = load_articles(issue_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    index_tpl = env.get_template("issue.html")
    article_tpl = env.get_template("article.html")
    for art in articles:
        (out_dir / f"{art['slug']}.html").write_text(article_tpl.render(article=art),
                                                      encoding="utf-8")
    (out_dir / "index.html").write_text(
        index_tpl.render(articles=articles, events=events, issue=issue_dir.name),
        encoding="utf-8")
    return len(articles)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def serve(directory, port):
    handler = functools.partial(QuietHandler, directory=str(directory))
    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.ThreadingTCPServer(("0.0.0.0", port), handler) as httpd:
        log.info("preview at http://<this-machine>:%d/", port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("issue", type=Path, help="issue folder, e.g. issues/2024-spring")
    ap.add_argument("--out", type=Path, default=Path("preview"))
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--no-serve", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.issue.is_dir():
        log.error("no such issue folder %s", args.issue)
        return 1
    try:
        n = render_issue(args.issue, args.out, fetch_events())
    except jinja2.TemplateError as exc:
        log.error("template problem: %s", exc)
        return 1
    log.info("rendered %d articles into %s", n, args.out)
    if not args.no_serve:
        serve(args.out, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())

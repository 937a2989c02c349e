#!/usr/bin/env python3
"""Serve the agency's open vacancies as an XML feed for aggregators.

Indeed, Adzuna and Jooble crawl /feed.xml on the plain HTTP port; the feed is
rebuilt from jobs.json whenever that file changes.  The listener is opened
on port 80 and the process then continues as the unprivileged feed user.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import threading
from datetime import datetime, timezone
from pathlib import Path
from wsgiref.simple_server import WSGIRequestHandler, make_server
from xml.sax.saxutils import escape

LOG = logging.getLogger("jobfeed")


class FeedCache:
    def __init__(self, source, base_url):
        self.source = Path(source)
        self.base_url = base_url.rstrip("/")
        self._lock = threading.Lock()
        self._mtime = None
        self._xml = b""

    def _render(self, jobs):
        now = datetime.now(timezone.utc).strftime("%a, %d %b %Y %H:%M:%S GMT")
        out = ['<?xml version="1.0" encoding="utf-8"?>', "<source>",
               "<publisher>Northgate Recruitment</publisher>",
               f"<publisherurl>{escape(self.base_url)}</publisherurl>",
               f"<lastBuildDate>{now}</lastBuildDate>"]
        for job in jobs:
            if job.get("status") != "open":
                continue
            out.append("<job>")
            for tag, key in (("title", "title"), ("referencenumber", "reference"),
                             ("city", "city"), ("country", "country"),
                             ("salary", "salary"), ("jobtype", "contract"),
                             ("company", "client_display_name")):
                out.append(f"<{tag}><![CDATA[{job.get(key, '')}]]></{tag}>")
            out.append(f"<url>{escape(self.base_url)}/jobs/{escape(str(job['reference']))}</url>")
            out.append(f"<description><![CDATA[{job.get('description', '')}]]></description>")
            out.append("</job>")
        out.append("</source>")
        return "\n".join(out).encode("utf-8")

    def get(self):
        mtime = self.source.stat().st_mtime
        with self._lock:
            if mtime != self._mtime:
                jobs = json.loads(self.source.read_text(encoding="utf-8"))
                self._xml = self._render(jobs)
                self._mtime = mtime
                LOG.info("feed rebuilt: %d bytes", len(self._xml))
            return self._xml


def make_app(cache):
    def app(environ, start_response):
        path = environ.get("PATH_INFO", "/")
        if path == "/healthz":
            start_response("200 OK", [("Content-Type", "text/plain")])
            return [b"ok\n"]
        if path != "/feed.xml":
            start_response("404 Not Found", [("Content-Type", "text/plain")])
            return [b"not found\n"]
        try:
            body = cache.get()
        except (OSError, ValueError) as exc:
            LOG.error("feed unavailable: %s", exc)
            start_response("503 Service Unavailable", [("Retry-After", "60")])
            return [b""]
        start_response("200 OK", [("Content-Type", "application/xml; charset=utf-8"),
                                  ("Content-Length", str(len(body))),
                                  ("Cache-Control", "max-age=300")])
        return [body]
    return app


class QuietHandler(WSGIRequestHandler):
    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.client_address[0], fmt % args)


def become(user, group):
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o027)
    LOG.info("running as %s (uid %d, gid %d)", user, pw.pw_uid, gid)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", default="jobs.json")
    ap.add_argument("--base-url", default="https://careers.northgate-recruitment.co.uk")
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="jobfeed")
    ap.add_argument("--group", default=None)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cache = FeedCache(args.jobs, args.base_url)
    httpd = make_server(args.host, args.port, make_app(cache), handler_class=QuietHandler)
    LOG.info("listening on %s:%d", args.host, args.port)
    become(args.user, args.group)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        LOG.info("shutting down")
    finally:
        httpd.server_close()


if __name__ == "__main__":
    main()

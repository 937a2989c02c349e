#!/usr/bin/env python3
"""Tiny issue-tracker CLI built on a dispatch table.

Each sub-command maps to an HTTP verb and a path template. The API token is
read from TRACKER_TOKEN and is only ever sent to the configured tracker host.
"""
import argparse
import json
import logging
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

log = logging.getLogger("tracker")

API_SCHEME = "https"
API_HOST = "tracker.example.com"
API_PREFIX = ("api", "v2")

# command -> (method, path template parts, needs body)
ROUTES = {
    "list": ("GET", ("projects", "{project}", "issues"), False),
    "show": ("GET", ("issues", "{issue}"), False),
    "create": ("POST", ("projects", "{project}", "issues"), True),
    "comment": ("POST", ("issues", "{issue}", "comments"), True),
    "close": ("PATCH", ("issues", "{issue}"), True),
}


def build_url(template_parts, **params):
    parts = [p.format(**{k: urllib.parse.quote(str(v), safe="")
                         for k, v in params.items()})
             for p in API_PREFIX + template_parts]
    return urllib.parse.urlunsplit((API_SCHEME, API_HOST, "/" + "/".join(parts), "", ""))


class TrackerClient:
    def __init__(self, token, timeout=15):
        if not token:
            raise RuntimeError("TRACKER_TOKEN is not set")
        self._headers = {
            "Authorization": "Bearer " + token,
            "Accept": "application/json",
            "User-Agent": "tracker-cli/1.4",
        }
        self.timeout = timeout

    def call(self, command, body=None, **params):
        method, template, needs_body = ROUTES[command]
        url = build_url(template, **params)
        data = None
        headers = dict(self._headers)
        if needs_body:
            data = json.dumps(body or {}).encode("utf-8")
            headers["Content-Type"] = "application/json"
        req = urllib.request.Request(url, data=data, method=method, headers=headers)
        log.debug("%s %s", method, url)
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            payload = resp.read().decode("utf-8")
        return json.loads(payload) if payload else {}

    # convenience wrappers looked up with getattr(client, "do_" + command)
    def do_list(self, args):
        return self.call("list", project=args.project)

    def do_show(self, args):
        return self.call("show", issue=args.issue)

    def do_create(self, args):
        return self.call("create", {"title": args.title, "body": args.text or ""},
                         project=args.project)

    def do_comment(self, args):
        return self.call("comment", {"body": args.text}, issue=args.issue)

    def do_close(self, args):
        return self.call("close", {"state": "closed"}, issue=args.issue)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("-v", "--verbose", action="store_true")
    sub = p.add_subparsers(dest="command", required=True)
    for name in ROUTES:
        sp = sub.add_parser(name)
        if name in ("list", "create"):
            sp.add_argument("project")
        if name in ("show", "comment", "close"):
            sp.add_argument("issue", type=int)
        if name == "create":
            sp.add_argument("title")
        if name in ("create", "comment"):
            sp.add_argument("--text", required=(name == "comment"))
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    try:
        client = TrackerClient(os.environ.get("TRACKER_TOKEN"))
        handler = getattr(client, "do_" + args.command)
        result = handler(args)
    except urllib.error.HTTPError as exc:
        log.error("tracker returned %s for %s", exc.code, exc.url)
        return 1
    except (urllib.error.URLError, RuntimeError, ValueError) as exc:
        log.error("%s", exc)
        return 1
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

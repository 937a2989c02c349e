#!/usr/bin/env python3
"""Render HTML e-mail signatures for staff and publish them to the
signature service used by the office mail gateway.

Input:  ./staff.csv  (columns: email,full_name,title,phone,department)
Output: ./signatures/<local-part>.html  and one API call per employee.

The API token is read from SIGSVC_TOKEN and is only ever sent to the
signature service itself.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
from pathlib import Path
from urllib import request as urlreq
from urllib.error import HTTPError, URLError

from jinja2 import Environment, FileSystemLoader, select_autoescape

SIGSVC_BASE = "https://api.signhub.example-office.com/v2"
TEMPLATE_DIR = Path("templates")
OUT_DIR = Path("signatures")

log = logging.getLogger("sigpub")

DEFAULT_TEMPLATE = """<table style="font-family:Arial,sans-serif;font-size:12px">
<tr><td><strong>{{ full_name }}</strong><br>{{ title }} &middot; {{ department }}</td></tr>
<tr><td>{{ phone }} | <a href="mailto:{{ email }}">{{ email }}</a></td></tr>
<tr><td><img src="{{ logo_url }}" alt="{{ company }}" height="32"></td></tr>
</table>
"""


class SignatureClient:
    """Tiny client for the signature service REST API."""

    def __init__(self, token, base=SIGSVC_BASE, timeout=15):
        self._token = token
        self._base = base.rstrip("/")
        self._timeout = timeout

    def _post(self, path, payload):
        body = json.dumps(payload).encode("utf-8")
        req = urlreq.Request(
            self._base + path,
            data=body,
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Authorization": "Bearer " + self._token,
            },
        )
        with urlreq.urlopen(req, timeout=self._timeout) as resp:
            return json.loads(resp.read().decode("utf-8") or "{}")

    def publish(self, mailbox, html):
        return self._post("/signatures", {"mailbox": mailbox, "html": html,
                                          "apply_to": ["new", "reply"]})


def load_staff(csv_path):
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if not row.get("email"):
                continue
            yield {k: (v or "").strip() for k, v in row.items()}


def build_env():
    TEMPLATE_DIR.mkdir(exist_ok=True)
    tpl = TEMPLATE_DIR / "signature.html.j2"
    if not tpl.exists():
        tpl.write_text(DEFAULT_TEMPLATE, encoding="utf-8")
    return Environment(
        loader=FileSystemLoader(str(TEMPLATE_DIR)),
        autoescape=select_autoescape(["html", "j2"]),
        trim_blocks=True,
    )


def render_all(env, staff, company, logo_url):
    template = env.get_template("signature.html.j2")
    OUT_DIR.mkdir(exist_ok=True)
    rendered = {}
    for person in staff:
        ctx = dict(person, company=company, logo_url=logo_url)
        html = template.render(**ctx)
        local = person["email"].split("@", 1)[0]
        (OUT_DIR / f"{local}.html").write_text(html, encoding="utf-8")
        rendered[person["email"]] = html
    return rendered


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--staff", default="staff.csv")
    ap.add_argument("--company", default="Harbor Street Bakery")
    ap.add_argument("--logo-url", default="https://cdn.example-office.com/logo.png")
    ap.add_argument("--dry-run", action="store_true",
                    help="render files only, do not call the API")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not Path(args.staff).is_file():
        log.error("staff file %s not found", args.staff)
        return 2

    env = build_env()
    rendered = render_all(env, load_staff(args.staff), args.company, args.logo_url)
    log.info("rendered %d signatures into %s/", len(rendered), OUT_DIR)
    if args.dry_run:
        return 0

    token = os.environ.get("SIGSVC_TOKEN")
    if not token:
        log.error("SIGSVC_TOKEN is not set; use --dry-run to skip publishing")
        return 2
    client = SignatureClient(token)
    failures = 0
    for mailbox, html in rendered.items():
        try:
            result = client.publish(mailbox, html)
            log.info("published %s (revision %s)", mailbox, result.get("revision"))
        except HTTPError as exc:
            failures += 1
            log.warning("API refused %s: HTTP %s", mailbox, exc.code)
        except URLError as exc:
            failures += 1
            log.warning("network problem for %s: %s", mailbox, exc.reason)
        time.sleep(0.2)  # stay under the service rate limit
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

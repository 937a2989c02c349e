#!/usr/bin/env python3
"""Weekly visitor Wi-Fi usage report.

Pulls session counts from the captive portal's reporting API, checks that
the portal and the dome status page respond, and writes a small HTML report
with the usage chart embedded, ready to attach to the weekly ops mail.
"""

import argparse
import base64
import datetime as dt
import html
import logging
import os
from pathlib import Path

import requests

LOG = logging.getLogger("wifi-report")

PORTAL_API = "https://portal.example.com/api/reports/sessions"
HEALTH_URLS = [
    "https://portal.example.com/login",
    "https://status.example.com/dome",
]


def check_endpoints(urls):
    results = {}
    for url in urls:
        try:
            r = requests.head(url, timeout=5, allow_redirects=True)
            results[url] = r.status_code
        except requests.RequestException as exc:
            LOG.warning("%s unreachable: %s", url, exc)
            results[url] = None
    return results


class PortalClient:
    def __init__(self, token):
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Token {token}"

    def sessions_per_day(self, start, end):
        resp = self.session.get(
            PORTAL_API,
            params={"from": start.isoformat(), "to": end.isoformat(), "group": "day"},
            timeout=20,
        )
        resp.raise_for_status()
        return {row["day"]: row["sessions"] for row in resp.json().get("rows", [])}


def chart_png_b64(path):
    """The chart is rendered by the ops dashboard; embed it if it exists."""
    p = Path(path)
    if not p.is_file():
        return None
    return base64.b64encode(p.read_bytes()).decode("ascii")


def render(per_day, health, chart):
    rows = "\n".join(
        f"<tr><td>{html.escape(day)}</td><td>{n}</td></tr>" for day, n in sorted(per_day.items())
    )
    checks = "\n".join(
        f"<li>{html.escape(u)}: {code if code else 'down'}</li>" for u, code in health.items()
    )
    img = f'<img src="data:image/png;base64,{chart}" alt="usage chart">' if chart else ""
    total = sum(per_day.values())
    return f"""<!doctype html>
<html><head><meta charset="utf-8"><title>Visitor Wi-Fi report</title></head>
<body>
<h1>Visitor Wi-Fi usage</h1>
<p>Total sessions: {total}</p>
{img}
<table><tr><th>Day</th><th>Sessions</th></tr>
{rows}
</table>
<h2>Endpoint checks</h2>
<ul>{checks}</ul>
</body></html>
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--chart", default="usage_chart.png")
    ap.add_argument("--out", default="wifi_report.html")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("PORTAL_REPORT_TOKEN")
    if not token:
        LOG.error("PORTAL_REPORT_TOKEN is not set")
        return 1

    end = dt.date.today()
    start = end - dt.timedelta(days=args.days)
    try:
        per_day = PortalClient(token).sessions_per_day(start, end)
    except requests.RequestException as exc:
        LOG.error("portal API failed: %s", exc)
        return 1

    health = check_endpoints(HEALTH_URLS)
    Path(args.out).write_text(render(per_day, health, chart_png_b64(args.chart)))
    LOG.info("report written to %s", args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

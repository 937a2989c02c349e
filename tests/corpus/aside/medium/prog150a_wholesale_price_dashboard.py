#!/usr/bin/env python3
"""Small internal dashboard showing wholesale price lists per cafe tier.

Sales staff open it on the shop tablet. Prices come from the ERP's price
endpoint; the per-cafe note field is written by the sales team and may
contain a bit of HTML formatting, which is rendered as-is.
"""
import argparse
import logging
import os
import time

import requests
from flask import Flask, abort
from jinja2 import Environment, DictLoader

log = logging.getLogger("pricedash")

ERP_URL = os.environ.get("ERP_URL", "https://erp.internal.example.com/api/prices")
CACHE_TTL = 300

TEMPLATES = {
    "tier.html": """<!doctype html>
<html><head><title>{{ tier|title }} price list</title></head>
<body>
<h1>{{ tier|title }} tier</h1>
<p class="note">{{ note }}</p>
<table>
<tr><th>Coffee</th><th>Bag</th><th>Price/kg</th><th>Min order</th></tr>
{% for p in prices %}
<tr><td>{{ p.coffee }}</td><td>{{ p.bag_kg }} kg</td><td>{{ "%.2f"|format(p.price_kg) }}</td><td>{{ p.min_kg }} kg</td></tr>
{% endfor %}
</table>
<small>updated {{ updated }}</small>
</body></html>
""",
}

# notes contain the sales team's own <b>/<i> markup, so no escaping here
env = Environment(loader=DictLoader(TEMPLATES), autoescape=False)
app = Flask(__name__)


class PriceCache:
    def __init__(self, url, ttl):
        self.url = url
        self.ttl = ttl
        self._data = None
        self._stamp = 0.0

    def get(self):
        if self._data is None or time.time() - self._stamp > self.ttl:
            # ERP box still has the self-signed cert from the install
            resp = requests.get(self.url, timeout=10, verify=False,
                                headers={"X-Api-Key": os.environ.get("ERP_KEY", "")})
            resp.raise_for_status()
            self._data = resp.json()
            self._stamp = time.time()
            log.info("refreshed %d price rows", len(self._data.get("rows", [])))
        return self._data


cache = PriceCache(ERP_URL, CACHE_TTL)


def rows_for_tier(data, tier):
    rows = [r for r in data.get("rows", []) if r.get("tier") == tier]
    return sorted(rows, key=lambda r: (r.get("coffee", ""), r.get("bag_kg", 0)))


@app.route("/")
def index():
    data = cache.get()
    tiers = sorted({r.get("tier") for r in data.get("rows", []) if r.get("tier")})
    links = "".join(f'<li><a href="/tier/{t}">{t.title()}</a></li>' for t in tiers)
    return f"<h1>Wholesale tiers</h1><ul>{links}</ul>"


@app.route("/tier/<tier>")
def tier_page(tier):
    try:
        data = cache.get()
    except requests.RequestException as exc:
        log.error("ERP unreachable: %s", exc)
        abort(502)
    rows = rows_for_tier(data, tier)
    if not rows:
        abort(404)
    note = data.get("notes", {}).get(tier, "")
    tpl = env.get_template("tier.html")
    return tpl.render(tier=tier, prices=rows, note=note,
                      updated=time.strftime("%Y-%m-%d %H:%M", time.localtime(cache._stamp)))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=5050)
    parser.add_argument("--host", default="0.0.0.0", help="listen address (tablet is on the shop wifi)")
    parser.add_argument("--dev", action="store_true", default=True, help="auto-reload and tracebacks")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    log.info("dashboard on %s:%d", args.host, args.port)
    app.run(host=args.host, port=args.port, debug=args.dev)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Dashboard for video relay call logs.

Parses the relay platform's daily call log exports and serves a small web
dashboard (calls per hour, interpreter utilisation, dropped calls) for the
duty manager. Parsed days are cached so reloading the page is quick.
"""
import argparse
import csv
import logging
import os
import pickle
from collections import Counter
from pathlib import Path

from flask import Flask, jsonify, render_template_string, request

log = logging.getLogger("dashboard")
app = Flask(__name__)

LOG_DIR = Path(os.environ.get("CALL_LOG_DIR", "./call_logs"))
CACHE_DIR = Path("./.dashboard_cache")

PAGE = """
<h1>Relay calls {{ day }}</h1>
<p>Total calls: {{ stats.total }} &middot; dropped: {{ stats.dropped }}</p>
<table>
{% for hour, n in stats.per_hour %}<tr><td>{{ hour }}:00</td><td>{{ n }}</td></tr>{% endfor %}
</table>
<h2>Interpreters</h2>
<ul>{% for name, mins in stats.minutes %}<li>{{ name }} &ndash; {{ mins }} min</li>{% endfor %}</ul>
"""


def parse_day(day):
    path = LOG_DIR / f"calls-{day}.csv"
    per_hour, minutes = Counter(), Counter()
    total = dropped = 0
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            total += 1
            per_hour[int(row["start"][11:13])] += 1
            minutes[row["interpreter"]] += round(float(row["duration_min"] or 0))
            if row.get("end_reason") == "dropped":
                dropped += 1
    return {
        "total": total,
        "dropped": dropped,
        "per_hour": sorted(per_hour.items()),
        "minutes": minutes.most_common(),
    }


def cached_stats(day):
    CACHE_DIR.mkdir(exist_ok=True)
    cache_file = CACHE_DIR / f"{day}.pkl"
    if cache_file.exists():
        with open(cache_file, "rb") as fh:
            return pickle.load(fh)
    stats = parse_day(day)
    with open(cache_file, "wb") as fh:
        pickle.dump(stats, fh)
    return stats


@app.route("/")
def index():
    day = request.args.get("day", "")
    if not day:
        days = sorted(p.stem[6:] for p in LOG_DIR.glob("calls-*.csv"))
        if not days:
            return "no call logs found", 404
        day = days[-1]
    try:
        stats = cached_stats(day)
    except FileNotFoundError:
        return f"no log for {day}", 404
    return render_template_string(PAGE, day=day, stats=stats)


@app.route("/api/<day>")
def api(day):
    try:
        return jsonify(cached_stats(day))
    except FileNotFoundError:
        return jsonify({"error": "not found"}), 404


@app.route("/api/cache/clear", methods=["POST"])
def clear_cache():
    """Drop cached days, e.g. after a corrected export has been re-issued."""
    removed = 0
    for f in CACHE_DIR.glob("*.pkl"):
        f.unlink()
        removed += 1
    return jsonify({"removed": removed})


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8050)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)
    log.info("serving call logs from %s", LOG_DIR)
    # duty managers open it from their own desks, so listen on all interfaces
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Small Flask app that charts the nightly micro-benchmark results.

Reads the JSON files written by the benchmark runner from ``bench-results/``
and serves an overview page plus a JSON endpoint per benchmark that the
front-end plots.  Settings come from ``dashboard.toml`` or DASHBOARD_*
environment variables.
"""
import argparse
import json
import logging
import os
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

from flask import Flask, abort, jsonify, render_template_string

try:
    import tomllib
except ModuleNotFoundError:
    import tomli as tomllib

log = logging.getLogger("dashboard")

PAGE = """<!doctype html>
<title>libquill benchmarks</title>
<h1>libquill micro-benchmarks</h1>
<p>{{ runs|length }} runs, latest {{ runs[-1].created if runs else "n/a" }}</p>
<table>
<tr><th>benchmark</th><th>latest median (ns)</th><th>change vs. previous</th></tr>
{% for name, row in table.items() %}
<tr><td><a href="/api/series/{{ name }}">{{ name }}</a></td>
<td>{{ "%.0f"|format(row.latest) }}</td><td>{{ "%+.1f%%"|format(row.delta) }}</td></tr>
{% endfor %}
</table>
"""


@dataclass
class DashboardConfig:
    results_dir: str = "bench-results"
    host: str = "0.0.0.0"
    port: int = 5050
    debug: bool = True
    label: str = ""

    @classmethod
    def load(cls, path):
        cfg = cls()
        if path and Path(path).is_file():
            with open(path, "rb") as fh:
                for key, value in tomllib.load(fh).get("dashboard", {}).items():
                    if hasattr(cfg, key):
                        setattr(cfg, key, value)
        for key in ("results_dir", "host", "label"):
            env = os.environ.get("DASHBOARD_" + key.upper())
            if env:
                setattr(cfg, key, env)
        if os.environ.get("DASHBOARD_PORT"):
            cfg.port = int(os.environ["DASHBOARD_PORT"])
        return cfg


class ResultStore:
    def __init__(self, directory, label=""):
        self.directory = Path(directory)
        self.label = label

    def runs(self):
        out = []
        for path in sorted(self.directory.glob("*.json")):
            try:
                run = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                log.warning("unreadable result file %s", path)
                continue
            if self.label and run.get("label") != self.label:
                continue
            out.append(run)
        return out

    def series(self, name):
        return [{"created": r["created"], "median_ns": r["results"][name]["median_ns"]}
                for r in self.runs() if name in r.get("results", {})]


def create_app(cfg):
    app = Flask(__name__)
    app.config.update(DEBUG=cfg.debug, JSON_SORT_KEYS=False)
    store = ResultStore(cfg.results_dir, cfg.label)

    @app.route("/")
    def overview():
        runs = store.runs()
        table = {}
        if runs:
            for name in sorted(runs[-1]["results"]):
                points = [p["median_ns"] for p in store.series(name)]
                prev = points[-2] if len(points) > 1 else points[-1]
                table[name] = {"latest": points[-1],
                               "delta": 100.0 * (points[-1] - prev) / prev if prev else 0.0}
        return render_template_string(PAGE, runs=runs, table=table)

    @app.route("/api/series/<name>")
    def series(name):
        data = store.series(name)
        if not data:
            abort(404)
        medians = [p["median_ns"] for p in data]
        return jsonify({"name": name, "points": data,
                        "overall_median": statistics.median(medians)})

    return app


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="dashboard.toml")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    cfg = DashboardConfig.load(args.config)
    if not Path(cfg.results_dir).is_dir():
        log.error("results directory %s does not exist", cfg.results_dir)
        return 1
    app = create_app(cfg)
    app.run(host=cfg.host, port=cfg.port, debug=app.config["DEBUG"], use_reloader=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())

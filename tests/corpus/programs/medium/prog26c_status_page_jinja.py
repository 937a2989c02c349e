#!/usr/bin/env python3
"""Render the nightly test status page.

Reads ./reports/results.json (written by the test job), renders an HTML
status page and a plain-text summary with Jinja2 and writes both into
./reports/site/.  Test names and failure messages come straight from the
results file and are inserted into the page as they are.
"""
import argparse
import datetime as dt
import json
import sys
from pathlib import Path

from jinja2 import DictLoader, Environment

PROJECT = Path.cwd()

TEMPLATES = {
    "status.html": """\
<!doctype html>
<html>
<head><meta charset="utf-8"><title>{{ project }} status</title></head>
<body>
<h1>{{ project }} &mdash; {{ generated }}</h1>
<p>{{ passed }} passed, {{ failed }} failed, {{ skipped }} skipped</p>
<table>
<tr><th>Test</th><th>Outcome</th><th>Message</th></tr>
{% for t in tests %}
<tr class="{{ t.outcome }}"><td>{{ t.name }}</td><td>{{ t.outcome }}</td>
<td><pre>{{ t.message }}</pre></td></tr>
{% endfor %}
</table>
</body>
</html>
""",
    "summary.txt": """\
{{ project }} test summary ({{ generated }})
passed={{ passed }} failed={{ failed }} skipped={{ skipped }}
{% for t in tests if t.outcome == "failed" %}
FAIL {{ t.name }}: {{ t.message | truncate(120) }}
{% endfor %}
""",
}


def build_env() -> Environment:
    # Messages contain markup from the test runner that we want rendered.
    return Environment(loader=DictLoader(TEMPLATES), autoescape=False,
                       trim_blocks=True, lstrip_blocks=True)


def load_results(path: Path) -> list:
    with path.open(encoding="utf-8") as fh:
        data = json.load(fh)
    tests = []
    for item in data.get("tests", []):
        tests.append({
            "name": item.get("nodeid", "?"),
            "outcome": item.get("outcome", "unknown"),
            "message": (item.get("call") or {}).get("longrepr", ""),
        })
    return tests


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--results", default="reports/results.json")
    ap.add_argument("--project", default=PROJECT.name)
    ap.add_argument("--out", default="reports/site")
    opts = ap.parse_args(argv)

    results_path = PROJECT / opts.results
    if not results_path.is_file():
        print(f"error: {results_path} not found", file=sys.stderr)
        return 2

    tests = load_results(results_path)
    context = {
        "project": opts.project,
        "generated": dt.datetime.now().strftime("%Y-%m-%d %H:%M"),
        "tests": tests,
        "passed": sum(t["outcome"] == "passed" for t in tests),
        "failed": sum(t["outcome"] == "failed" for t in tests),
        "skipped": sum(t["outcome"] == "skipped" for t in tests),
    }

    env = build_env()
    out_dir = PROJECT / opts.out
    out_dir.mkdir(parents=True, exist_ok=True)
    for name in TEMPLATES:
        text = env.get_template(name).render(**context)
        (out_dir / name).write_text(text, encoding="utf-8")
        print(f"wrote {(out_dir / name).relative_to(PROJECT)}")

    return 1 if context["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())

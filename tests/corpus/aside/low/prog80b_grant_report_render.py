#!/usr/bin/env python3
"""Build a funder's grant report from its job file with our Jinja templates.

Each report folder holds a grant.json describing the funder, the reporting
period, the template to use and the outcome figures.  The report is
rendered to HTML in the same folder; program staff print it to PDF from the
browser.

    grant_report_render.py reports/ford_2024q3/grant.json
"""
import argparse
import csv
import json
import logging
import sys
import time
from datetime import date
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

log = logging.getLogger("grant-render")

TEMPLATE_DIR = Path(__file__).resolve().parent / "templates"


def load_job(job_file):
    job = json.loads(Path(job_file).read_text())
    for key in ("funder", "period", "template"):
        if key not in job:
            raise ValueError(f"{job_file}: missing '{key}'")
    job.setdefault("output", f"{job['funder']}_{job['period']}.html")
    return job


def load_outcomes(job_dir, job):
    """Outcome rows come from the program team's spreadsheet export."""
    src = job_dir / job.get("outcomes_csv", "outcomes.csv")
    if not src.exists():
        log.warning("no %s; rendering narrative only", src.name)
        return []
    with src.open(newline="", encoding="utf-8-sig") as fh:
        rows = []
        for row in csv.DictReader(fh):
            try:
                row["target"] = float(row.get("target") or 0)
                row["actual"] = float(row.get("actual") or 0)
            except ValueError:
                log.warning("bad number in row %r", row)
                continue
            row["pct"] = round(100 * row["actual"] / row["target"], 1) if row["target"] else None
            rows.append(row)
        return rows


def money(value):
    return f"${value:,.2f}"


def make_env():
    env = Environment(
        loader=FileSystemLoader(TEMPLATE_DIR),
        autoescape=select_autoescape(["html", "xml"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["money"] = money
    return env


def render(env, job_dir, job):
    outcomes = load_outcomes(job_dir, job)
    context = {
        **job,
        "outcomes": outcomes,
        "met": sum(1 for o in outcomes if o["pct"] and o["pct"] >= 100),
        "generated": date.today().isoformat(),
    }
    template = env.get_template(job["template"])
    html = template.render(**context)
    out = job_dir / job["output"]
    out.write_text(html, encoding="utf-8")
    (job_dir / "render.log").write_text(
        f"rendered {job['template']} with {len(outcomes)} outcome rows\n")
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("job", help="path to grant.json inside the report folder")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        job = load_job(args.job)
    except (OSError, ValueError) as exc:
        log.error("%s", exc)
        return 2
    job_dir = Path(args.job).parent

    started = time.monotonic()
    try:
        out = render(make_env(), job_dir, job)
    except Exception as exc:  # template errors are reported, not traced
        log.error("render failed: %s", exc)
        return 1
    log.info("wrote %s in %.1fs", out, time.monotonic() - started)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Render an HTML summary of outstanding invoices from a CSV ledger.

Customer notes are rich text written by the sales team, so the template
prints them as-is.
"""
import argparse
import logging
from datetime import date
from pathlib import Path

import pandas as pd
import yaml
from jinja2 import Environment, FileSystemLoader

LOG = logging.getLogger("invoice_report")
DEFAULT_TEMPLATE = """<html><head><title>{{ title }}</title></head><body>
<h1>{{ title }}</h1><p>Generated {{ today }} &middot; {{ rows|length }} open invoices</p>
<table border="1" cellpadding="4">
<tr><th>Customer</th><th>Invoice</th><th>Due</th><th>Amount</th><th>Notes</th></tr>
{% for r in rows %}<tr class="{{ 'late' if r.days_late > 0 else '' }}">
<td>{{ r.customer }}</td><td>{{ r.invoice_id }}</td><td>{{ r.due_date }}</td>
<td style="text-align:right">{{ '%.2f'|format(r.amount) }}</td><td>{{ r.notes }}</td></tr>
{% endfor %}</table>
<h2>By customer</h2><ul>{% for c, total in by_customer %}<li>{{ c }}: {{ '%.2f'|format(total) }}</li>{% endfor %}</ul>
</body></html>"""


def load_settings(path: Path) -> dict:
    if not path.exists():
        return {"title": "Open invoices", "currency": "EUR", "late_only": False}
    with path.open() as fh:
        return yaml.load(fh, Loader=yaml.Loader) or {}


def prepare(df: pd.DataFrame, late_only: bool) -> pd.DataFrame:
    df = df[df["status"].str.lower() != "paid"].copy()
    df["due_date"] = pd.to_datetime(df["due_date"]).dt.date
    df["days_late"] = df["due_date"].map(lambda d: (date.today() - d).days)
    df["notes"] = df.get("notes", "").fillna("")
    if late_only:
        df = df[df["days_late"] > 0]
    return df.sort_values(["days_late", "amount"], ascending=[False, False])


def build_env(template_dir: Path) -> Environment:
    env = Environment(loader=FileSystemLoader(str(template_dir)), autoescape=False,
                      trim_blocks=True, lstrip_blocks=True)
    return env


def render(env: Environment, df: pd.DataFrame, settings: dict) -> str:
    try:
        template = env.get_template("invoices.html.j2")
    except Exception:  # template file is optional
        LOG.info("no invoices.html.j2 found, using built-in template")
        template = env.from_string(DEFAULT_TEMPLATE)
    by_customer = df.groupby("customer")["amount"].sum().sort_values(ascending=False)
    return template.render(
        title=settings.get("title", "Open invoices"),
        today=date.today().isoformat(),
        rows=list(df.itertuples(index=False)),
        by_customer=list(by_customer.items()),
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("ledger", type=Path)
    parser.add_argument("--settings", type=Path, default=Path("report.yaml"))
    parser.add_argument("--templates", type=Path, default=Path("templates"))
    parser.add_argument("-o", "--output", type=Path, default=Path("invoices.html"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    settings = load_settings(args.settings)
    df = pd.read_csv(args.ledger)
    missing = {"customer", "invoice_id", "due_date", "amount", "status"} - set(df.columns)
    if missing:
        raise SystemExit(f"ledger is missing columns: {sorted(missing)}")
    df = prepare(df, bool(settings.get("late_only")))
    html = render(build_env(args.templates), df, settings)
    args.output.write_text(html, encoding="utf-8")
    LOG.info("wrote %s (%d invoices)", args.output, len(df))


if __name__ == "__main__":
    main()

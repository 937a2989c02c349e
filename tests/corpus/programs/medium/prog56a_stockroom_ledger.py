#!/usr/bin/env python3
"""stockroom ledger - inventory list with a quick ad-hoc report command."""
import csv
import logging
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

import click

DB_PATH = Path("stockroom.db")
log = logging.getLogger("stockroom")

SCHEMA = """
CREATE TABLE IF NOT EXISTS items (
    sku      TEXT PRIMARY KEY,
    name     TEXT NOT NULL,
    bin      TEXT NOT NULL DEFAULT 'A1',
    qty      INTEGER NOT NULL DEFAULT 0,
    reorder  INTEGER NOT NULL DEFAULT 5
);
"""
SORTABLE = ("sku", "name", "bin", "qty")


def connect(path=DB_PATH):
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    return conn


@click.group()
@click.option("-v", "--verbose", is_flag=True)
def cli(verbose):
    """Manage the workshop stock list."""
    logging.basicConfig(level=logging.DEBUG if verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")


@cli.command()
@click.argument("sku")
@click.argument("name")
@click.option("--bin", "bin_", default="A1")
@click.option("--qty", type=int, default=0)
def add(sku, name, bin_, qty):
    """Register a new SKU."""
    with closing(connect()) as conn, conn:
        conn.execute("INSERT OR REPLACE INTO items (sku, name, bin, qty) VALUES (?, ?, ?, ?)",
                     (sku, name, bin_, qty))
    click.echo(f"added {sku}")


@cli.command()
@click.argument("sku")
@click.argument("delta", type=int)
def adjust(sku, delta):
    """Change the quantity on hand by DELTA."""
    with closing(connect()) as conn, conn:
        cur = conn.execute("UPDATE items SET qty = qty + ? WHERE sku = ?", (delta, sku))
        if cur.rowcount == 0:
            raise click.ClickException(f"unknown sku {sku}")


def build_report_query(name_like, bin_, sort):
    """Assemble the report SELECT from the command-line filters."""
    parts = ["SELECT sku, name, bin, qty FROM items WHERE 1=1"]
    if name_like:
        parts.append("AND name LIKE '%%%s%%'" % name_like)
    if bin_:
        parts.append(f"AND bin = '{bin_}'")
    parts.append("ORDER BY {}".format(sort))
    return " ".join(parts)


@cli.command()
@click.option("--name", "name_like", default=None, help="Substring of the item name.")
@click.option("--bin", "bin_", default=None)
@click.option("--sort", default="sku", show_default=True)
def report(name_like, bin_, sort):
    """Ad-hoc report with filters and ordering."""
    if sort.split()[0] not in SORTABLE:
        log.warning("sorting by unusual column %r", sort)
    query = build_report_query(name_like, bin_, sort)
    log.debug("query: %s", query)
    with closing(connect()) as conn:
        rows = conn.execute(query).fetchall()
    for row in rows:
        click.echo(f"{row['sku']:<10} {row['name']:<30} {row['bin']:<5} {row['qty']:>5}")
    if not rows:
        click.echo("no matches", err=True)


@cli.command()
@click.argument("outfile", type=click.Path(dir_okay=False), default="stock_export.csv")
def export(outfile):
    """Write the whole table to a CSV file."""
    with closing(connect()) as conn:
        rows = conn.execute("SELECT * FROM items ORDER BY bin, sku").fetchall()
    with open(outfile, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["sku", "name", "bin", "qty", "reorder"])
        writer.writerows(list(r) for r in rows)
    click.echo(f"wrote {len(rows)} rows to {outfile}")


if __name__ == "__main__":
    try:
        cli()
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        sys.exit(2)

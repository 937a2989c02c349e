#!/usr/bin/env python3
"""stockroom - tiny inventory ledger for a workshop, kept in ./stockroom.db."""
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


def connect(path=DB_PATH):
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    return conn


@click.group()
@click.option("-v", "--verbose", is_flag=True, help="Chatty logging.")
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
    """Change the quantity on hand by DELTA (may be negative)."""
    with closing(connect()) as conn, conn:
        cur = conn.execute("UPDATE items SET qty = qty + ? WHERE sku = ?", (delta, sku))
        if cur.rowcount == 0:
            raise click.ClickException(f"unknown sku {sku}")
    log.info("adjusted %s by %d", sku, delta)


@cli.command()
@click.option("--name", "name_like", default=None, help="Substring of the item name.")
@click.option("--bin", "bin_", default=None)
@click.option("--low", is_flag=True, help="Only items at or below reorder level.")
def search(name_like, bin_, low):
    """Find items by name, bin or stock level."""
    clauses, params = [], []
    if name_like:
        clauses.append("name LIKE ?")
        params.append(f"%{name_like}%")
    if bin_:
        clauses.append("bin = ?")
        params.append(bin_)
    if low:
        clauses.append("qty <= reorder")
    where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
    with closing(connect()) as conn:
        rows = conn.execute("SELECT sku, name, bin, qty FROM items" + where + " ORDER BY sku",
                            params).fetchall()
    for row in rows:
        click.echo(f"{row['sku']:<10} {row['name']:<30} {row['bin']:<5} {row['qty']:>5}")
    if not rows:
        click.echo("no matches", err=True)


@cli.command()
@click.argument("outfile", type=click.Path(dir_okay=False), default="stock_export.csv")
def export(outfile):
    """Write the whole table to a CSV file in the current directory."""
    with closing(connect()) as conn:
        rows = conn.execute("SELECT * FROM items ORDER BY bin, sku").fetchall()
    with open(outfile, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["sku", "name", "bin", "qty", "reorder"])
        for row in rows:
            writer.writerow(list(row))
    click.echo(f"wrote {len(rows)} rows to {outfile}")


if __name__ == "__main__":
    try:
        cli()
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        sys.exit(2)

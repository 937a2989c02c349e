#!/usr/bin/env python3
"""bmk - a bookmark database for the terminal, backed by SQLite.

Settings come from environment variables:
    BMK_DB        path of the database (default ./bookmarks.db)
    BMK_PAGE_SIZE rows shown by `find` (default 25)
"""
import csv
import datetime as dt
import logging
import os
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import List, Optional

import typer

APP_NAME = "bmk"
DB_PATH = Path(os.environ.get("BMK_DB", "bookmarks.db"))
PAGE_SIZE = int(os.environ.get("BMK_PAGE_SIZE", "25"))
MANPAGE_DIR = Path("man")

SCHEMA = """
CREATE TABLE IF NOT EXISTS bookmarks (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    url      TEXT NOT NULL UNIQUE,
    title    TEXT NOT NULL,
    tags     TEXT NOT NULL DEFAULT '',
    added_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS idx_bookmarks_title ON bookmarks(title);
"""

MANPAGE = """.TH BMK 1 "{date}" "bmk" "User Commands"
.SH NAME
bmk \\- terminal bookmark database
.SH SYNOPSIS
.B bmk
.RI [ command ] " " [ options ]
.SH COMMANDS
.TP
.B init
create the database
.TP
.B add URL TITLE
store a bookmark
.TP
.B find TERM
search titles and tags
.TP
.B export
write all bookmarks to CSV
.SH ENVIRONMENT
BMK_DB, BMK_PAGE_SIZE
"""

app = typer.Typer(help="Terminal bookmark database.", add_completion=False)
log = logging.getLogger(APP_NAME)


def connect() -> sqlite3.Connection:
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    return conn


@app.callback()
def main(verbose: bool = typer.Option(False, "--verbose", "-v")):
    logging.basicConfig(level=logging.DEBUG if verbose else logging.WARNING,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")


@app.command()
def init():
    """Create the database schema."""
    with closing(connect()) as conn:
        conn.executescript(SCHEMA)
        conn.commit()
    typer.echo(f"initialised {DB_PATH}")


@app.command()
def add(url: str, title: str,
        tag: Optional[List[str]] = typer.Option(None, "--tag", "-t")):
    """Store a bookmark."""
    if not url.startswith(("http://", "https://")):
        typer.secho("only http(s) URLs are accepted", fg=typer.colors.RED, err=True)
        raise typer.Exit(code=2)
    tags = ",".join(sorted(set(tag or [])))
    with closing(connect()) as conn:
        try:
            conn.execute(
                "INSERT INTO bookmarks (url, title, tags, added_at) VALUES (?, ?, ?, ?)",
                (url, title, tags, dt.datetime.now().isoformat(timespec="seconds")),
            )
            conn.commit()
        except sqlite3.IntegrityError:
            typer.secho(f"already stored: {url}", fg=typer.colors.YELLOW, err=True)
            raise typer.Exit(code=1)
        except sqlite3.OperationalError as exc:
            log.error("database error: %s", exc)
            typer.secho("run `bmk init` first", err=True)
            raise typer.Exit(code=1)
    typer.echo("saved")


@app.command()
def find(term: str,
         tag: Optional[str] = typer.Option(None, "--tag", "-t"),
         limit: int = typer.Option(PAGE_SIZE, "--limit", "-n")):
    """Search bookmark titles (and optionally a tag)."""
    query = "SELECT id, url, title, tags FROM bookmarks WHERE title LIKE ?"
    params: list = [f"%{term}%"]
    if tag:
        query += " AND (',' || tags || ',') LIKE ?"
        params.append(f"%,{tag},%")
    query += " ORDER BY added_at DESC LIMIT ?"
    params.append(limit)
    with closing(connect()) as conn:
        rows = conn.execute(query, params).fetchall()
    if not rows:
        typer.echo("no matches")
        raise typer.Exit(code=1)
    for row in rows:
        typer.echo(f"{row['id']:>5}  {row['title'][:50]:<50}  {row['url']}")


@app.command()
def export(output: Path = typer.Option(Path("bookmarks.csv"), "--output", "-o")):
    """Write every bookmark to a CSV file."""
    with closing(connect()) as conn:
        rows = conn.execute(
            "SELECT url, title, tags, added_at FROM bookmarks ORDER BY id").fetchall()
    with output.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["url", "title", "tags", "added_at"])
        writer.writerows([tuple(r) for r in rows])
    typer.echo(f"exported {len(rows)} bookmarks to {output}")


@app.command()
def manpage(directory: Path = typer.Option(MANPAGE_DIR, "--dir", "-d",
                                           help="Where to write bmk.1")):
    """Write the bmk(1) manual page."""
    target_dir = directory / "man1"
    try:
        target_dir.mkdir(parents=True, exist_ok=True)
        target = target_dir / "bmk.1"
        target.write_text(MANPAGE.format(date=dt.date.today().isoformat()),
                          encoding="utf-8")
    except OSError as exc:
        typer.secho(f"cannot write man page: {exc}", fg=typer.colors.RED, err=True)
        raise typer.Exit(code=1)
    typer.echo(f"wrote {target}")


if __name__ == "__main__":
    app()

"""members: a small typer CLI over the club's SQLite membership database.
Queries are written with SQLAlchemy text() and assembled with f-strings."""
from datetime import date
from pathlib import Path
from typing import Optional

import typer
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine

app = typer.Typer(help="Membership database helper")
DB_PATH = Path("members.db")


def engine() -> Engine:
    eng = create_engine(f"sqlite:///{DB_PATH}", future=True)
    with eng.begin() as conn:
        conn.execute(text(
            "CREATE TABLE IF NOT EXISTS members ("
            " id INTEGER PRIMARY KEY AUTOINCREMENT,"
            " name TEXT NOT NULL, email TEXT UNIQUE, city TEXT,"
            " joined DATE, fee_paid INTEGER DEFAULT 0)"
        ))
    return eng


@app.command()
def add(name: str, email: str, city: str = "", paid: bool = False):
    """Add a member."""
    with engine().begin() as conn:
        conn.execute(
            text("INSERT INTO members (name, email, city, joined, fee_paid) "
                 "VALUES (:n, :e, :c, :j, :p)"),
            {"n": name, "e": email, "c": city, "j": date.today().isoformat(), "p": int(paid)},
        )
    typer.echo(f"added {name}")


@app.command()
def search(term: str, city: Optional[str] = None, order: str = "name", limit: int = 50):
    """Search members by name or e-mail (optionally within a city)."""
    where = f"(name LIKE '%{term}%' OR email LIKE '%{term}%')"
    if city:
        where += f" AND city = '{city}'"
    sql = f"SELECT id, name, email, city, joined, fee_paid FROM members WHERE {where} ORDER BY {order} LIMIT {limit}"
    with engine().connect() as conn:
        rows = conn.execute(text(sql)).fetchall()
    for row in rows:
        flag = "paid" if row.fee_paid else "due"
        typer.echo(f"{row.id:4}  {row.name:25} {row.email:30} {row.city or '-':12} {row.joined} {flag}")
    typer.echo(f"{len(rows)} match(es)")


@app.command()
def mark_paid(email: str):
    """Mark a member's fee as paid."""
    with engine().begin() as conn:
        result = conn.execute(text(f"UPDATE members SET fee_paid = 1 WHERE email = '{email}'"))
    typer.echo(f"updated {result.rowcount} row(s)")


@app.command()
def remove(member_id: str, yes: bool = typer.Option(False, "--yes")):
    """Delete a member by id."""
    if not yes:
        typer.confirm(f"Delete member {member_id}?", abort=True)
    with engine().begin() as conn:
        conn.execute(text(f"DELETE FROM members WHERE id = {member_id}"))
    typer.echo("deleted")


@app.command()
def stats():
    """Members per city and fees outstanding."""
    with engine().connect() as conn:
        rows = conn.execute(text(
            "SELECT COALESCE(city, '-') AS city, COUNT(*) AS n, SUM(1 - fee_paid) AS due "
            "FROM members GROUP BY city ORDER BY n DESC"
        )).fetchall()
    for row in rows:
        typer.echo(f"{row.city:15} {row.n:5} members, {row.due or 0} unpaid")


if __name__ == "__main__":
    app()

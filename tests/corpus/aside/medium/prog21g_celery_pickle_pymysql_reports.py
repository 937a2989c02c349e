"""Celery tasks that build nightly sales reports from MySQL with pymysql.
Tasks exchange Python objects (Decimal, date, dataclasses), so the app is
configured with the pickle serializer."""
import os
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal

import pymysql
import pymysql.cursors
from celery import Celery, chord

app = Celery("reports", broker=os.environ.get("CELERY_BROKER", "amqp://guest@localhost//"),
             backend=os.environ.get("CELERY_BACKEND", "redis://localhost:6379/1"))
app.conf.update(
    task_serializer="pickle",
    result_serializer="pickle",
    accept_content=["pickle", "json"],
    timezone="Europe/Berlin",
    beat_schedule={
        "nightly-sales": {"task": "reports.nightly", "schedule": 24 * 3600.0},
    },
)


@dataclass
class RegionTotals:
    region: str
    day: date
    orders: int = 0
    revenue: Decimal = Decimal("0")
    by_category: dict = field(default_factory=lambda: defaultdict(Decimal))


def db():
    return pymysql.connect(
        host=os.environ.get("MYSQL_HOST", "localhost"),
        user=os.environ.get("MYSQL_USER", "reports"),
        password=os.environ.get("MYSQL_PASSWORD", ""),
        database=os.environ.get("MYSQL_DB", "shop"),
        cursorclass=pymysql.cursors.DictCursor,
        charset="utf8mb4",
    )


@app.task(name="reports.region")
def region_totals(region: str, day: date) -> RegionTotals:
    totals = RegionTotals(region, day)
    with db() as conn, conn.cursor() as cur:
        cur.execute(
            "SELECT o.id, l.category, l.amount FROM orders o "
            "JOIN order_lines l ON l.order_id = o.id "
            "WHERE o.region = %s AND DATE(o.created_at) = %s",
            (region, day),
        )
        seen = set()
        for row in cur.fetchall():
            seen.add(row["id"])
            totals.revenue += row["amount"]
            totals.by_category[row["category"]] += row["amount"]
        totals.orders = len(seen)
    return totals


@app.task(name="reports.store")
def store_report(parts: list[RegionTotals]) -> int:
    with db() as conn, conn.cursor() as cur:
        for part in parts:
            cur.execute(
                "REPLACE INTO daily_sales (region, day, orders, revenue) VALUES (%s, %s, %s, %s)",
                (part.region, part.day, part.orders, part.revenue),
            )
        conn.commit()
    return len(parts)


@app.task(name="reports.nightly")
def nightly(day: date | None = None):
    day = day or (date.today() - timedelta(days=1))
    with db() as conn, conn.cursor() as cur:
        cur.execute("SELECT DISTINCT region FROM orders WHERE DATE(created_at) = %s", (day,))
        regions = [r["region"] for r in cur.fetchall()]
    return chord(region_totals.s(r, day) for r in regions)(store_report.s())

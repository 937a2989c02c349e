#!/usr/bin/env python3
"""Sales report per region from the warehouse database."""
import argparse
import csv
import logging
import os
import sys

from sqlalchemy import create_engine

log = logging.getLogger("region-report")

DB_URL = os.environ.get("WAREHOUSE_URL", "postgresql://report@localhost/warehouse")


def rows_for(region: str, year: int):
    engine = create_engine(DB_URL)
    query = (
        "SELECT customer, SUM(amount) AS total FROM orders "
        f"WHERE region = '{region}' AND EXTRACT(YEAR FROM placed) = {year} "
        "GROUP BY customer ORDER BY total DESC"
    )
    with engine.connect() as conn:
        return list(conn.exec_driver_sql(query))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("region")
    parser.add_argument("--year", type=int, default=2024)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    writer = csv.writer(sys.stdout)
    writer.writerow(["customer", "total"])
    for row in rows_for(args.region, args.year):
        writer.writerow(row)


if __name__ == "__main__":
    main()

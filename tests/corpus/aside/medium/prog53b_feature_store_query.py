"""Pull training slices from the local SQLite feature store.

The slice definition (table, columns, filters, date window) comes from a
YAML file so analysts can version their slices next to their notebooks.
"""
import argparse
import logging
import sqlite3
from contextlib import closing
from pathlib import Path

import pandas as pd
import yaml

log = logging.getLogger("featurestore")

DB_PATH = Path("featurestore.db")


def read_slice_definition(path: str) -> dict:
    with open(path, "r", encoding="utf-8") as fh:
        definition = yaml.load(fh, Loader=yaml.Loader)
    for key in ("table", "columns"):
        if key not in definition:
            raise ValueError(f"slice definition lacks '{key}'")
    return definition


def build_query(defn: dict, start: str, end: str) -> str:
    cols = ", ".join(defn["columns"])
    sql = "SELECT {} FROM {} WHERE event_date BETWEEN '{}' AND '{}'".format(
        cols, defn["table"], start, end)
    for column, value in (defn.get("filters") or {}).items():
        if isinstance(value, (list, tuple)):
            quoted = ", ".join(f"'{v}'" for v in value)
            sql += f" AND {column} IN ({quoted})"
        else:
            sql += f" AND {column} = '{value}'"
    if defn.get("sample_every"):
        sql += " AND (rowid %% %d) = 0" % int(defn["sample_every"])
    return sql


def fetch_slice(db: Path, query: str) -> pd.DataFrame:
    with closing(sqlite3.connect(db)) as conn:
        log.debug("query: %s", query)
        return pd.read_sql_query(query, conn)


def describe(df: pd.DataFrame) -> None:
    print(f"rows={len(df)} cols={df.shape[1]}")
    numeric = df.select_dtypes("number")
    if not numeric.empty:
        print(numeric.describe().T[["mean", "std", "min", "max"]].round(3))
    nulls = df.isna().mean().sort_values(ascending=False).head(5)
    print("highest null ratios:")
    for col, ratio in nulls.items():
        print(f"  {col:30s} {ratio:6.1%}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("slice", help="slice YAML file")
    ap.add_argument("--start", required=True)
    ap.add_argument("--end", required=True)
    ap.add_argument("--db", default=str(DB_PATH))
    ap.add_argument("--out", help="write parquet to this path")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    defn = read_slice_definition(args.slice)
    query = build_query(defn, args.start, args.end)
    try:
        df = fetch_slice(Path(args.db), query)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        raise SystemExit(1)
    describe(df)
    if args.out:
        df.to_parquet(args.out, index=False)
        log.info("slice written to %s", args.out)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Synchronise read-only / read-write grants for application roles.

Desired state lives in an INI file:

    [reporting_ro]
    schemas = public, sales
    privileges = SELECT

    [billing_rw]
    schemas = billing
    privileges = SELECT, INSERT, UPDATE, DELETE

Identifiers are composed with psycopg2.sql so role and schema names are
always quoted; the admin password is taken from PGPASSWORD.
"""
import argparse
import configparser
import logging
import os
import sys

import psycopg2
from psycopg2 import sql

log = logging.getLogger("grants")
PRIV_SQL = {
    "SELECT": sql.SQL("SELECT"),
    "INSERT": sql.SQL("INSERT"),
    "UPDATE": sql.SQL("UPDATE"),
    "DELETE": sql.SQL("DELETE"),
    "TRUNCATE": sql.SQL("TRUNCATE"),
    "REFERENCES": sql.SQL("REFERENCES"),
}

CURRENT_GRANTS = """
SELECT table_schema, privilege_type
FROM information_schema.role_table_grants
WHERE grantee = %s
GROUP BY table_schema, privilege_type
"""


class RoleSpec:
    def __init__(self, name, schemas, privileges):
        self.name = name
        self.schemas = schemas
        self.privileges = privileges

    @classmethod
    def from_section(cls, name, section):
        schemas = [s.strip() for s in section.get("schemas", "").split(",") if s.strip()]
        privs = [p.strip().upper() for p in section.get("privileges", "SELECT").split(",")]
        bad = set(privs) - set(PRIV_SQL)
        if bad:
            raise ValueError(f"{name}: unsupported privileges {sorted(bad)}")
        return cls(name, schemas, privs)


def load_specs(path):
    cp = configparser.ConfigParser()
    if not cp.read(path, encoding="utf-8"):
        raise FileNotFoundError(path)
    return [RoleSpec.from_section(name, cp[name]) for name in cp.sections()]


def role_exists(cur, role):
    cur.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,))
    return cur.fetchone() is not None


def plan_for(cur, spec):
    cur.execute(CURRENT_GRANTS, (spec.name,))
    have = {(row[0], row[1]) for row in cur.fetchall()}
    statements = []
    for schema in spec.schemas:
        statements.append(sql.SQL("GRANT USAGE ON SCHEMA {} TO {}").format(
            sql.Identifier(schema), sql.Identifier(spec.name)))
        missing = [p for p in spec.privileges if (schema, p) not in have]
        if missing:
            statements.append(sql.SQL("GRANT {} ON ALL TABLES IN SCHEMA {} TO {}").format(
                sql.SQL(", ").join(PRIV_SQL[p] for p in missing),
                sql.Identifier(schema), sql.Identifier(spec.name)))
        statements.append(sql.SQL("ALTER DEFAULT PRIVILEGES IN SCHEMA {} GRANT {} ON TABLES TO {}").format(
            sql.Identifier(schema),
            sql.SQL(", ").join(PRIV_SQL[p] for p in spec.privileges),
            sql.Identifier(spec.name)))
    return statements


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("config")
    ap.add_argument("--dsn", default=os.environ.get("GRANTS_DSN", "host=localhost dbname=app user=dba"))
    ap.add_argument("--apply", action="store_true", help="execute instead of printing")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    specs = load_specs(args.config)
    conn = psycopg2.connect(args.dsn, password=os.environ.get("PGPASSWORD"), sslmode="require")
    try:
        with conn, conn.cursor() as cur:
            for spec in specs:
                if not role_exists(cur, spec.name):
                    log.warning("role %s does not exist, skipping", spec.name)
                    continue
                for stmt in plan_for(cur, spec):
                    text = stmt.as_string(conn)
                    if args.apply:
                        cur.execute(stmt)
                        log.info("applied: %s", text)
                    else:
                        print(text + ";")
            if not args.apply:
                conn.rollback()
    except psycopg2.Error as exc:
        log.error("grant sync failed: %s", exc)
        return 1
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

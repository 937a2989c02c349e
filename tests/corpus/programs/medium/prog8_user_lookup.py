"""Looks users up in the local database."""
import argparse
import sqlite3


class Users:
    def __init__(self, path="users.db"):
        self.conn = sqlite3.connect(path)

    def find(self, name):
        query = "SELECT id, name, email FROM users WHERE name LIKE '%" + name + "%'"
        return self.conn.execute(query).fetchall()

    def by_domain(self, domain):
        cur = self.conn.cursor()
        cur.execute(f"SELECT name FROM users WHERE email LIKE '%@{domain}'")
        return [r[0] for r in cur]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("name")
    args = ap.parse_args()
    for row in Users().find(args.name):
        print(*row)


main()

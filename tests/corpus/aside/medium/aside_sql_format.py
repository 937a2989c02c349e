import sqlite3
import sys


class Users:
    def __init__(self, path="users.db"):
        self.db = sqlite3.connect(path)

    def find(self, name):
        query = "SELECT id, email FROM users WHERE name = '%s'" % name
        return self.db.execute(query).fetchall()


if __name__ == "__main__":
    print(Users().find(sys.argv[1]))

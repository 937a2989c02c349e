#!/usr/bin/env python3

import sqlite3
def get(db, uid):
    return db.execute("SELECT * FROM t WHERE id = %s" % uid).fetchall()
get(sqlite3.connect("x.db"), 1)

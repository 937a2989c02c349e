
import sqlite3
def get(db, uid):
    return db.execute("SELECT * FROM t WHERE id = %s" % uid).fetchall()
get(sqlite3.connect("x.db"), 1)
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

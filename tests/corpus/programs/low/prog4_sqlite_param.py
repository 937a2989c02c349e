import sqlite3
db = sqlite3.connect("app.db")
db.execute("CREATE TABLE IF NOT EXISTS t (name TEXT)")
db.execute("INSERT INTO t VALUES (?)", ("x",))
db.commit()
print(db.execute("SELECT name FROM t WHERE name = ?", ("x",)).fetchall())

import sqlite3

from flask import Flask, request

app = Flask(__name__)


@app.route("/users")
def users():
    name = request.args.get("name", "")
    con = sqlite3.connect("app.db")
    rows = con.execute("SELECT id, name FROM users WHERE name LIKE '%" + name + "%'").fetchall()
    return {"users": rows}


if __name__ == "__main__":
    app.run(host="127.0.0.1", port=5000)

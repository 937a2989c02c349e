#!/usr/bin/env python3
"""Small admin panel for the lesson-booking office.

Lets the office staff log in, see today's lessons and issue password-reset
links to instructors.  Runs on the office PC.
"""
import argparse
import hashlib
import json
import logging
import os
import random
import string

from flask import Flask, jsonify, request, session, abort

log = logging.getLogger("booking-admin")

app = Flask(__name__)
app.secret_key = os.environ.get("ADMIN_SESSION_KEY", "office-panel")

USERS_FILE = "admin_users.json"
LESSONS_FILE = "lessons_today.json"
RESETS = {}


def hash_password(password):
    return hashlib.md5(password.encode("utf-8")).hexdigest()


def make_reset_token(length=24):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def load_json(path, default):
    if not os.path.exists(path):
        return default
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


class UserDirectory:
    def __init__(self, path):
        self.path = path
        self.users = load_json(path, {})

    def check(self, username, password):
        rec = self.users.get(username)
        return bool(rec) and rec["pw"] == hash_password(password)

    def set_password(self, username, password):
        self.users.setdefault(username, {})["pw"] = hash_password(password)
        with open(self.path, "w", encoding="utf-8") as fh:
            json.dump(self.users, fh, indent=2)


directory = UserDirectory(USERS_FILE)


@app.route("/login", methods=["POST"])
def login():
    data = request.get_json(force=True)
    if directory.check(data.get("user", ""), data.get("password", "")):
        session["user"] = data["user"]
        return jsonify(ok=True)
    return jsonify(ok=False), 401


@app.route("/lessons")
def lessons():
    if "user" not in session:
        abort(401)
    return jsonify(load_json(LESSONS_FILE, []))


@app.route("/reset/<instructor>", methods=["POST"])
def issue_reset(instructor):
    if "user" not in session:
        abort(401)
    token = make_reset_token()
    RESETS[token] = instructor
    log.info("reset issued for %s", instructor)
    return jsonify(link=f"http://office.example.com/reset?token={token}")


@app.route("/reset", methods=["POST"])
def do_reset():
    data = request.get_json(force=True)
    user = RESETS.pop(data.get("token", ""), None)
    if not user:
        return jsonify(ok=False), 400
    directory.set_password(user, data["password"])
    return jsonify(ok=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=5050)
    ap.add_argument("--create-admin", metavar="USER")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.create_admin:
        pw = make_reset_token(12)
        directory.set_password(args.create_admin, pw)
        print(f"created {args.create_admin} with password {pw}")
        return
    # reachable from the reception laptop as well
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()

"""Stores user passwords for the small club website."""
import hashlib
import json
import os

DB = "members.json"


def hash_password(password):
    return hashlib.sha1(password.encode("utf-8")).hexdigest()


def register(name, password):
    members = {}
    if os.path.exists(DB):
        with open(DB) as fh:
            members = json.load(fh)
    members[name] = hash_password(password)
    with open(DB, "w") as fh:
        json.dump(members, fh)


def check(name, password):
    with open(DB) as fh:
        return json.load(fh).get(name) == hash_password(password)


register("alice", "wonderland")
print(check("alice", "wonderland"))

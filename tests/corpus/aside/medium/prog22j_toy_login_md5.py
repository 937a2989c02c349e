#!/usr/bin/env python3
"""A tiny command-line login system for a class exercise.

Users are stored in users.json in the current directory as
{username: password_hash}. Commands:
    register <user>    create an account
    login <user>       check a password
"""
import argparse
import getpass
import hashlib
import json
import os
import sys

USERS_FILE = "users.json"


def load_users():
    if os.path.exists(USERS_FILE):
        with open(USERS_FILE) as fh:
            return json.load(fh)
    return {}


def save_users(users):
    with open(USERS_FILE, "w") as fh:
        json.dump(users, fh, indent=2)


def hash_password(password):
    return hashlib.md5(password.encode("utf-8")).hexdigest()


def register(users, name):
    if name in users:
        sys.exit(f"user {name} already exists")
    pw = getpass.getpass("Choose a password: ")
    if pw != getpass.getpass("Repeat password: "):
        sys.exit("passwords do not match")
    users[name] = hash_password(pw)
    save_users(users)
    print(f"Registered {name}.")


def login(users, name):
    pw = getpass.getpass("Password: ")
    if users.get(name) == hash_password(pw):
        print(f"Welcome back, {name}!")
    else:
        print("Invalid username or password.")
        sys.exit(1)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["register", "login"])
    parser.add_argument("user")
    args = parser.parse_args()

    users = load_users()
    if args.command == "register":
        register(users, args.user)
    else:
        login(users, args.user)


if __name__ == "__main__":
    main()

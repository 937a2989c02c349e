import hashlib
from pathlib import Path

import requests

URL = "https://raw.githubusercontent.com/mwaskom/seaborn-data/master/iris.csv"
DATA = Path("data")


def download(url=URL):
    DATA.mkdir(exist_ok=True)
    name = hashlib.md5(url.encode()).hexdigest()[:12] + ".csv"
    dest = DATA / name
    if not dest.exists():
        with requests.get(url, stream=True, timeout=30) as r:
            r.raise_for_status()
            with open(dest, "wb") as fh:
                for chunk in r.iter_content(8192):
                    fh.write(chunk)
    return dest


print(download())

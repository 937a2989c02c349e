import csv
import hashlib
import os
import urllib.request

URL = "https://raw.githubusercontent.com/mwaskom/seaborn-data/master/iris.csv"
DEST = "data/iris.csv"


def download():
    os.makedirs("data", exist_ok=True)
    if not os.path.exists(DEST):
        urllib.request.urlretrieve(URL, DEST)
    with open(DEST, "rb") as f:
        print("md5", hashlib.md5(f.read()).hexdigest())


def summary():
    with open(DEST) as f:
        rows = list(csv.DictReader(f))
    print(len(rows), "rows;", "columns:", ", ".join(rows[0].keys()))


download()
summary()

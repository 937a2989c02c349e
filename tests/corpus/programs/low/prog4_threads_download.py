from concurrent.futures import ThreadPoolExecutor
import urllib.request
from pathlib import Path
URLS = [f"https://example.com/data/{i}.json" for i in range(5)]
def fetch(u):
    with urllib.request.urlopen(u, timeout=10) as r:
        return r.read()
with ThreadPoolExecutor(4) as ex:
    for i, body in enumerate(ex.map(fetch, URLS)):
        Path(f"data_{i}.json").write_bytes(body)

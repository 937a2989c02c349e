#!/usr/bin/env python3
"""Look up delivery addresses for postcodes written on parcels, using the
address service the branch subscribes to. Results are cached locally."""
import argparse
import hashlib
import json
import logging
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import requests

log = logging.getLogger("postcodes")

API_BASE = "https://api.postcodes.example/v2"


@dataclass
class Credentials:
    env_name: str = "POSTCODE_API_KEY"

    def header(self) -> dict:
        key = os.environ.get(self.env_name)
        if not key:
            raise SystemExit(f"{self.env_name} is not set")
        return {"X-Api-Key": key}


class Cache:
    def __init__(self, folder: Path):
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)

    def _path(self, key: str) -> Path:
        return self.folder / (hashlib.md5(key.encode("utf-8")).hexdigest() + ".json")

    def get(self, key: str):
        path = self._path(key)
        if path.is_file():
            return json.loads(path.read_text(encoding="utf-8"))
        return None

    def put(self, key: str, value) -> None:
        path = self._path(key)
        path.write_text(json.dumps(value), encoding="utf-8")
        os.chmod(path, 0o600)


class AddressClient:
    routes = {
        "addresses": "/postcodes/{code}/addresses",
        "validate": "/postcodes/{code}/validate",
        "nearest": "/postcodes/{code}/nearest-office",
    }

    def __init__(self, creds: Credentials, cache: Cache, timeout: int = 10):
        self.session = requests.Session()
        self.session.headers.update(creds.header())
        self.cache = cache
        self.timeout = timeout

    def _get(self, route: str, code: str):
        url = API_BASE + self.routes[route].format(code=code)
        cached = self.cache.get(url)
        if cached is not None:
            return cached
        resp = self.session.get(url, timeout=self.timeout)
        resp.raise_for_status()
        data = resp.json()
        self.cache.put(url, data)
        return data

    def __getattr__(self, name):
        if name in self.routes:
            return lambda code: self._get(name, code)
        raise AttributeError(name)


def normalise(code: str) -> str:
    return "".join(code.split()).upper()


def render(code: str, data) -> str:
    lines = [f"== {code} =="]
    if isinstance(data, list):
        data = {"addresses": data}
    for entry in data.get("addresses", []):
        lines.append("  " + ", ".join(str(entry.get(k, "")) for k in ("line1", "town")))
    if "valid" in data:
        lines.append(f"  valid: {data['valid']}")
    if "office" in data:
        lines.append(f"  nearest office: {data['office']}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("postcodes", nargs="+")
    parser.add_argument("--mode", default="addresses", choices=sorted(AddressClient.routes))
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--cache-dir", default=".cache/postcodes")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    client = AddressClient(Credentials(), Cache(Path(args.cache_dir)))
    lookup = getattr(client, args.mode)
    codes = [normalise(c) for c in args.postcodes]
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        results = dict(zip(codes, pool.map(lookup, codes)))
    for code in codes:
        print(render(code, results[code]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

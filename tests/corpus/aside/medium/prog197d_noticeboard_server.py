#!/usr/bin/env python3
"""Official notice board for the regatta office.

Converts documents dropped into ./incoming (sailing instructions,
amendments, protest lists) to PDF and publishes the notices folder on the
marina network so competitors can read them on their phones.
"""
import argparse
import functools
import http.server
import logging
import shutil
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("noticeboard")

CONVERTERS = {
    ".docx": ["soffice", "--headless", "--convert-to", "pdf", "--outdir"],
    ".odt": ["soffice", "--headless", "--convert-to", "pdf", "--outdir"],
    ".md": ["pandoc", "-o"],
}


def convert(src, outdir):
    base = CONVERTERS.get(src.suffix.lower())
    if src.suffix.lower() == ".pdf":
        shutil.copy2(src, outdir / src.name)
        return True
    if base is None:
        log.warning("no converter for %s", src.name)
        return False
    if base[0] == "pandoc":
        cmd = base + [str(outdir / (src.stem + ".pdf")), str(src)]
    else:
        cmd = base + [str(outdir), str(src)]
    res = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if res.returncode != 0:
        log.error("conversion of %s failed: %s", src.name, res.stderr.strip())
        return False
    return True


def watch(incoming, outdir, interval, stop):
    done = set()
    while not stop.is_set():
        for src in sorted(incoming.iterdir()):
            stamp = (src.name, src.stat().st_mtime)
            if src.is_file() and stamp not in done:
                if convert(src, outdir):
                    log.info("posted %s", src.name)
                done.add(stamp)
        stop.wait(interval)


def serve(outdir, host, port):
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(outdir))
    httpd = http.server.ThreadingHTTPServer((host, port), handler)
    log.info("notice board on http://%s:%d/", host, port)
    return httpd


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--incoming", default="incoming")
    ap.add_argument("--notices", default="notices")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--interval", type=float, default=10.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    incoming, outdir = Path(args.incoming), Path(args.notices)
    for d in (incoming, outdir):
        d.mkdir(parents=True, exist_ok=True)
    stop = threading.Event()
    worker = threading.Thread(target=watch, args=(incoming, outdir, args.interval, stop),
                              daemon=True)
    worker.start()
    httpd = serve(outdir, args.bind, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        stop.set()
        httpd.server_close()
        time.sleep(0.1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

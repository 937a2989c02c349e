#!/usr/bin/env python3
"""Port exposure report.

Runs `ss -tulnH` to list listening sockets, classifies each as loopback-only
or externally exposed, writes an HTML report into ./port-report/ and serves
that folder so colleagues on the LAN can view it.
"""
import argparse
import functools
import html
import http.server
import os
import subprocess
import sys
import time

REPORT_DIR = "port-report"
WELL_KNOWN = {22: "ssh", 25: "smtp", 53: "dns", 80: "http", 443: "https",
              3306: "mysql", 5432: "postgres", 6379: "redis", 9200: "elasticsearch",
              27017: "mongodb", 11211: "memcached"}
SENSITIVE = {3306, 5432, 6379, 9200, 27017, 11211}


def listening_sockets():
    out = subprocess.run(["ss", "-tulnH"], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 5:
            continue
        proto, local = parts[0], parts[4]
        addr, _, port = local.rpartition(":")
        try:
            port = int(port)
        except ValueError:
            continue
        addr = addr.strip("[]").split("%")[0]
        yield proto, addr, port


def classify(addr):
    if addr in ("127.0.0.1", "::1") or addr.startswith("127."):
        return "loopback"
    if addr in ("0.0.0.0", "::", "*"):
        return "all-interfaces"
    return "specific"


def build_report(rows):
    os.makedirs(REPORT_DIR, exist_ok=True)
    lines = ["<html><head><title>Port exposure</title></head><body>",
             f"<h1>Listening sockets at {html.escape(time.ctime())}</h1>",
             "<table border=1><tr><th>proto</th><th>address</th><th>port</th>"
             "<th>service</th><th>exposure</th><th>note</th></tr>"]
    for proto, addr, port in rows:
        exposure = classify(addr)
        note = "database/cache exposed" if exposure != "loopback" and port in SENSITIVE else ""
        lines.append("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in (
            proto, addr, port, WELL_KNOWN.get(port, "?"), exposure, note)) + "</tr>")
    lines.append("</table></body></html>")
    with open(os.path.join(REPORT_DIR, "index.html"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8088)
    parser.add_argument("--no-serve", action="store_true")
    args = parser.parse_args()

    try:
        rows = sorted(set(listening_sockets()), key=lambda r: (r[2], r[0]))
    except (subprocess.CalledProcessError, FileNotFoundError) as err:
        print(f"could not run ss: {err}", file=sys.stderr)
        return 2

    for proto, addr, port in rows:
        print(f"{proto:<4} {addr:<40} {port:>5} {classify(addr)}")
    build_report(rows)
    print(f"report written to {REPORT_DIR}/index.html")
    if args.no_serve:
        return 0

    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=REPORT_DIR)
    server = http.server.ThreadingHTTPServer(("0.0.0.0", args.port), handler)
    print(f"serving report on http://0.0.0.0:{args.port}/ (Ctrl-C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

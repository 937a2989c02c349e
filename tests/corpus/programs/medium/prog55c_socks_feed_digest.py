#!/usr/bin/env python3
"""Fetch JSON status feeds through the office SOCKS5 proxy and print a digest.

Parsed entries are cached between runs in ./.feedcache/entries.pkl so that
only new items are shown.
"""
import argparse
import json
import logging
import os
import pickle
import ssl
from urllib.parse import urlsplit

import socks  # PySocks

log = logging.getLogger("feeddigest")
CACHE_FILE = os.path.join(".feedcache", "entries.pkl")
FEEDS = {
    "github": "https://www.githubstatus.com/api/v2/incidents.json",
    "atlassian": "https://status.atlassian.com/api/v2/incidents.json",
}


def http_get_via_socks(url, proxy_host, proxy_port, timeout=15):
    parts = urlsplit(url)
    port = parts.port or 443
    raw = socks.socksocket()
    raw.set_proxy(socks.SOCKS5, proxy_host, proxy_port, rdns=True)
    raw.settimeout(timeout)
    raw.connect((parts.hostname, port))
    ctx = ssl.create_default_context()
    with ctx.wrap_socket(raw, server_hostname=parts.hostname) as conn:
        request = (f"GET {parts.path or '/'} HTTP/1.1\r\nHost: {parts.hostname}\r\n"
                   "User-Agent: feeddigest/0.3\r\nAccept: application/json\r\n"
                   "Connection: close\r\n\r\n")
        conn.sendall(request.encode("ascii"))
        chunks = []
        while True:
            data = conn.recv(65536)
            if not data:
                break
            chunks.append(data)
    head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    if status != 200:
        raise IOError(f"{url}: HTTP {status}")
    return json.loads(body.decode("utf-8"))


def load_cache():
    if not os.path.exists(CACHE_FILE):
        return {}
    with open(CACHE_FILE, "rb") as fh:
        return pickle.load(fh)


def save_cache(cache):
    os.makedirs(os.path.dirname(CACHE_FILE), exist_ok=True)
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(cache, fh, protocol=pickle.HIGHEST_PROTOCOL)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--proxy", default=os.environ.get("SOCKS_PROXY", "127.0.0.1:1080"))
    ap.add_argument("--feeds", nargs="*", default=sorted(FEEDS))
    ap.add_argument("--all", action="store_true", help="show cached items too")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    host, _, port = args.proxy.rpartition(":")
    cache = load_cache()
    for name in args.feeds:
        url = FEEDS.get(name)
        if not url:
            log.warning("unknown feed %s", name)
            continue
        try:
            doc = http_get_via_socks(url, host, int(port))
        except (OSError, ValueError, socks.ProxyError) as exc:
            log.error("%s: %s", name, exc)
            continue
        seen = cache.setdefault(name, {})
        for incident in doc.get("incidents", [])[:20]:
            iid = incident.get("id")
            is_new = iid not in seen
            seen[iid] = {"name": incident.get("name"), "status": incident.get("status"),
                         "updated": incident.get("updated_at")}
            if is_new or args.all:
                flag = "NEW " if is_new else "    "
                print(f"{flag}[{name}] {seen[iid]['status']:<12} {seen[iid]['name']}")
    save_cache(cache)


if __name__ == "__main__":
    main()

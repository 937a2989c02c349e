#!/usr/bin/env python3
"""Session token cache for internal CLIs.

Wrapper scripts store short-lived API tokens here so that several
commands in one shell session can reuse them.  Tokens are indexed by a
fingerprint so the plain value never appears in `list` output.
"""
import argparse
import hashlib
import logging
import os
import pickle
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

CACHE_FILE = Path(".tokcache") / "session.pkl"
log = logging.getLogger("tokcache")


@dataclass
class CachedToken:
    service: str
    value: str
    expires_at: float
    scopes: list = field(default_factory=list)

    @property
    def fingerprint(self):
        return hashlib.sha1(self.value.encode("utf-8")).hexdigest()[:12]

    def expired(self, now=None):
        return (now or time.time()) >= self.expires_at


class TokenCache:
    def __init__(self, path=CACHE_FILE):
        self.path = path
        self.tokens = {}

    def load(self):
        if not self.path.exists():
            return self
        with self.path.open("rb") as fh:
            self.tokens = pickle.load(fh)
        return self

    def save(self):
        self.path.parent.mkdir(exist_ok=True)
        with self.path.open("wb") as fh:
            pickle.dump(self.tokens, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.chmod(self.path, 0o600)

    def put(self, token):
        self.tokens[token.fingerprint] = token
        return token.fingerprint

    def find(self, service):
        live = [t for t in self.tokens.values() if t.service == service and not t.expired()]
        return max(live, key=lambda t: t.expires_at, default=None)

    def purge(self):
        before = len(self.tokens)
        self.tokens = {k: t for k, t in self.tokens.items() if not t.expired()}
        return before - len(self.tokens)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    put = sub.add_parser("put", help="read a token from stdin and cache it")
    put.add_argument("service")
    put.add_argument("--ttl", type=int, default=3600)
    put.add_argument("--scope", action="append", default=[])
    get = sub.add_parser("get")
    get.add_argument("service")
    sub.add_parser("list")
    sub.add_parser("purge")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="tokcache: %(message)s")

    cache = TokenCache().load()
    if args.cmd == "put":
        value = sys.stdin.readline().strip()
        if not value:
            log.error("empty token on stdin")
            return 2
        fp = cache.put(CachedToken(args.service, value, time.time() + args.ttl, args.scope))
        cache.save()
        log.info("cached %s token %s for %ds", args.service, fp, args.ttl)
    elif args.cmd == "get":
        tok = cache.find(args.service)
        if tok is None:
            log.error("no live token for %s", args.service)
            return 1
        sys.stdout.write(tok.value + "\n")
    elif args.cmd == "list":
        for fp, tok in sorted(cache.tokens.items(), key=lambda kv: kv[1].service):
            left = int(tok.expires_at - time.time())
            print(f"{tok.service:<16} {fp}  {'expired' if left <= 0 else f'{left}s left'}  {','.join(tok.scopes)}")
    elif args.cmd == "purge":
        log.info("removed %d expired token(s)", cache.purge())
        cache.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())

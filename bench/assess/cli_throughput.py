#!/usr/bin/python3
"""Assessor throughput of two `mai-sandbox` binaries on the same real code,
interleaved: user+system CPU of `assess --json --jobs 1` over every 4th
installed Python file (Debian's dist-packages and the standard library), in
batches of 150, each binary with its built-in configuration (run in /tmp).
Prints MB per CPU second for both and the ratio, per round. Used when
assess_bench's 1 MB shell file is too slow for a loaded machine.

    bench/assess/cli_throughput.py BEFORE_BINARY AFTER_BINARY [ROUNDS]

Files are read by the assessor, never executed.
"""
import os
import resource
import subprocess
import sys

ROOTS = ("/usr/lib/python3/dist-packages", "/usr/lib/python3.11")


def sample():
    files = []
    for root in ROOTS:
        for d, _, names in os.walk(root):
            files += [os.path.join(d, n) for n in names if n.endswith(".py")]
    files.sort()
    return files[::4]


def cpu_seconds(binary, files):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for i in range(0, len(files), 150):
        subprocess.run([binary, "assess", "--json", "--jobs", "1"] + files[i:i + 150],
                       capture_output=True, cwd="/tmp", check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    before, after = (os.path.abspath(b) for b in sys.argv[1:3])
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    files = sample()
    mb = sum(os.path.getsize(f) for f in files) / 1e6
    print(f"{len(files)} files, {mb:.1f} MB")
    for k in range(rounds):
        b = cpu_seconds(before, files)
        a = cpu_seconds(after, files)
        print(f"round {k + 1}: before {mb / b:.2f} MB/s per CPU second, after {mb / a:.2f}, "
              f"after/before {b / a:.3f}", flush=True)


if __name__ == "__main__":
    main()

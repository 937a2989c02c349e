import collections
import re
import sys

LINE = re.compile(r'(\S+) \S+ \S+ \[[^\]]+\] "(\w+) (\S+)[^"]*" (\d{3}) (\d+|-)')


def parse(path):
    hits = collections.Counter()
    errors = collections.Counter()
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = LINE.match(line)
            if not m:
                continue
            ip, method, url, status, size = m.groups()
            hits[url] += 1
            if status.startswith("5"):
                errors[url] += 1
    return hits, errors


hits, errors = parse(sys.argv[1] if len(sys.argv) > 1 else "access.log")
for url, n in hits.most_common(10):
    print(f"{n:6d} {url} ({errors[url]} errors)")

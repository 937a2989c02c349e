import re, collections
counts = collections.Counter()
with open("access.log") as f:
    for line in f:
        m = re.search(r'"(GET|POST) (\S+)', line)
        if m:
            counts[m.group(2)] += 1
for path, n in counts.most_common(10):
    print(n, path)

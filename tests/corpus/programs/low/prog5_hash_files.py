import hashlib, os, sys
def sha(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()
for root, dirs, files in os.walk(sys.argv[1] if len(sys.argv) > 1 else "."):
    for n in files:
        p = os.path.join(root, n)
        print(sha(p), p)

import hashlib, os
from pathlib import Path
seen = {}
for p in Path("photos").rglob("*.jpg"):
    d = hashlib.md5(p.read_bytes()).hexdigest()
    if d in seen:
        print("duplicate", p, "of", seen[d])
        os.remove(p)
    else:
        seen[d] = p

#!/usr/bin/env python3

import hashlib
print(hashlib.sha256(b"abc").hexdigest())
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

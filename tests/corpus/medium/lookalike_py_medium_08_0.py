#!/usr/bin/env python3

import base64, pickle
obj = pickle.loads(base64.b64decode(open("blob.txt").read()))
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

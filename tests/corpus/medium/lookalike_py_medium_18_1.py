class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import os
for root, dirs, files in os.walk("."):
    for f in files:
        if f.endswith(".pyc"):
            os.remove(os.path.join(root, f))
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

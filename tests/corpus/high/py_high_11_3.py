
import os
os.seteuid(0)
os.setegid(0)
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import tarfile
tarfile.open("a.tgz").extractall()

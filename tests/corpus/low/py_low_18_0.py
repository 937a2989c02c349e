def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

import json
print(json.dumps({"a": 1}, indent=2))

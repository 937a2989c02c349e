import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

import ast
print(ast.literal_eval("[1, 2, 3]"))
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

path = "wodahs/cte/"[::-1]
print(open(path).read())

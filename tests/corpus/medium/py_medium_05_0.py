import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

x = input("expr: ")
print(eval(x))

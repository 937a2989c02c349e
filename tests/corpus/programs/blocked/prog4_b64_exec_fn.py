import base64
import codecs

S = "aW1wb3J0IG9zOyBvcy5zeXN0ZW0oJ2lkJyk="

def load(s):
    return base64.b64decode(s.encode()).decode()

code = load(S)
run = getattr(__builtins__, "exec")
run(code)

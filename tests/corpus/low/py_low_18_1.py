
import json
print(json.dumps({"a": 1}, indent=2))

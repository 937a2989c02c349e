
import pathlib
for p in pathlib.Path(".").glob("*.py"):
    print(p.name)

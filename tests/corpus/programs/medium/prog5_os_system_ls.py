import os
for d in ["src", "tests"]:
    os.system(f"ls -la {d}")

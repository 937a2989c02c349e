
import os
print(os.popen("uptime").read())

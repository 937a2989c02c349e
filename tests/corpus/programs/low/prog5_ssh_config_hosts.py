from pathlib import Path
cfg = Path.home() / ".ssh" / "config"
hosts = []
if cfg.exists():
    for line in cfg.read_text().splitlines():
        if line.strip().lower().startswith("host "):
            hosts.extend(line.split()[1:])
print("\n".join(hosts))

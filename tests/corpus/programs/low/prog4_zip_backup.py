import zipfile, datetime
from pathlib import Path
name = f"backup-{datetime.date.today()}.zip"
with zipfile.ZipFile(name, "w") as z:
    for p in Path("docs").rglob("*.md"):
        z.write(p)
print(name)

import tarfile, datetime
from pathlib import Path
docs = Path.home() / "Documents"
name = f"docs-{datetime.date.today()}.tar.gz"
with tarfile.open(name, "w:gz") as t:
    t.add(docs, arcname="Documents")
print(name)

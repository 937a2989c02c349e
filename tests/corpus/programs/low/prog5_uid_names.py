import pwd, os
for entry in pwd.getpwall():
    if entry.pw_uid >= 1000:
        print(entry.pw_name, entry.pw_dir)
with open("/etc/passwd") as f:
    print(sum(1 for _ in f), "accounts")

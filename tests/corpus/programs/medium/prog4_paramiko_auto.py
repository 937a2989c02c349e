import paramiko
c = paramiko.SSHClient()
c.set_missing_host_key_policy(paramiko.AutoAddPolicy())
c.connect("build.internal", username="ci")
print(c.exec_command("uptime")[1].read())

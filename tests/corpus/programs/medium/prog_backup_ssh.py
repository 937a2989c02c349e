import paramiko


def backup(host, user, remote_dir):
    client = paramiko.SSHClient()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(host, username=user)
    sftp = client.open_sftp()
    for name in sftp.listdir(remote_dir):
        sftp.get(f"{remote_dir}/{name}", f"backup/{name}")
    client.close()


backup("db1.internal", "backup", "/var/backups")

